import type { CommunityCreateInput } from '@mutirao/core';
import { api } from '../api/client';
import type { Community } from '../auth/sessionQuery';

export const createCommunity = (input: CommunityCreateInput) =>
  api<Community>('/api/communities', { method: 'POST', body: { community: input } });
