import type { Recipient } from '@mutirao/core';
import { api } from '../../api/client';

/** `GET /api/communities/{id}/recipient`: the community's recipient (admins only), or null before the first save. */
export interface RecipientSettings {
  recipient: {
    id: number;
    pagarme_recipient_id: string | null;
    transfer_interval: 'weekly' | 'monthly';
    transfer_day: number;
    transfer_enabled: boolean;
    bank_account: Recipient['bank_account'];
    updated_at: string;
  } | null;
  /** The server takes test payments only (PAYMENTS_DRIVER=sandbox). */
  sandbox: boolean;
}

export const recipientQueryKey = (communityId: number) => ['communities', communityId, 'recipient'] as const;

export const fetchRecipient = (communityId: number) =>
  api<RecipientSettings>(`/api/communities/${communityId}/recipient`);

export const saveRecipient = (communityId: number, recipient: Recipient) =>
  api<RecipientSettings>(`/api/communities/${communityId}/recipient`, { method: 'PUT', body: { recipient } });
