import { ApiError, api } from '../../api/client';

/** Whether the community has a recipient: yes, no, or unknown (the user may not see it: only admins do). */
export type RecipientState = 'present' | 'missing' | 'unknown';

/**
 * `GET /api/communities/{id}/recipient` answers the recipient, wrapped (`{recipient}`) or not; a recipient that is
 * null or empty, like a 404, means none is registered yet.
 */
export function recipientStateOf(body: unknown): RecipientState {
  const recipient = body && typeof body === 'object' && 'recipient' in body ? body.recipient : body;
  return recipient && typeof recipient === 'object' && Object.keys(recipient).length > 0 ? 'present' : 'missing';
}

export const recipientQueryKey = (communityId: number) => ['communities', communityId, 'recipient'] as const;

export async function fetchRecipientState(communityId: number): Promise<RecipientState> {
  try {
    return recipientStateOf(await api<unknown>(`/api/communities/${communityId}/recipient`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'missing';
    // A mobilizer may not read the bank details: nothing to say, and nothing they could fix.
    if (error instanceof ApiError && error.status === 403) return 'unknown';
    throw error;
  }
}
