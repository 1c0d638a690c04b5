import type { AccountInput, PasswordChangeInput } from '@mutirao/core';
import { api } from '../api/client';

export interface AccountUser {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
}

export const ME_QUERY_KEY = ['users', 'me'] as const;

export const fetchMe = async () => (await api<{ user: AccountUser }>('/api/users/me')).user;

export const updateMe = async (input: AccountInput) =>
  (await api<{ user: AccountUser }>('/api/users/me', { method: 'PUT', body: { user: input } })).user;

/** `PUT /api/users/me/password`: 204 once changed (the other sessions are signed out); 422 names the wrong field. */
export const changePassword = async (input: PasswordChangeInput) => {
  await api('/api/users/me/password', { method: 'PUT', body: { user: input } });
};
