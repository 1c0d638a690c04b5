import type { AccountInput } from '@mutirao/core';
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
