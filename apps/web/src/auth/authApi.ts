import type { LoginInput, RecoverPasswordInput, RegisterInput, ResetPasswordInput } from '@mutirao/core';
import { api } from '../api/client';

/** The auth calls answer 422 with field errors for bad credentials; none of them should bounce to the login. */
const post = <T>(path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
  api<T>(path, { method, body, allowUnauthorized: true });

export const signIn = (input: LoginInput) => post<{ user: unknown }>('/api/auth/sign_in', input);
export const signUp = (input: RegisterInput) => post<{ user: unknown }>('/api/auth/sign_up', input);
export const requestPasswordRecovery = (input: RecoverPasswordInput) => post<void>('/api/auth/password', input);
export const resetPassword = (input: ResetPasswordInput) => post<void>('/api/auth/password', input, 'PUT');
