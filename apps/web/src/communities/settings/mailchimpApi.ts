import type { mailchimpSettingsSchema } from '@mutirao/core';
import type { z } from 'zod';
import { api } from '../../api/client';

export interface MailchimpCall {
  id: number;
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  status: number;
  created_at: string;
}

/** `GET /api/communities/{id}/mailchimp`: the ids, whether a key is saved (never the key), and the sync's state. */
export interface MailchimpSettings {
  mailchimp: {
    mailchimp_list_id: string | null;
    mailchimp_group_id: string | null;
    api_key_set: boolean;
    configured: boolean;
    paused: boolean;
    paused_reason: 'invalid_key' | 'list_not_found' | null;
    queue_size: number;
    last_synced_at: string | null;
    last_error: string | null;
    resync: { status: 'running' | 'done' | null; done: number; total: number; finished_at: string | null };
  };
  /** The server records the calls instead of sending them (MAILING_DRIVER=sandbox). */
  sandbox: boolean;
  calls: MailchimpCall[];
}

export type MailchimpTest =
  | { ok: true; list: { id: string; name: string; member_count: number } }
  | { ok: false; error: { kind: string; status: number; message: string } };

type Values = z.output<typeof mailchimpSettingsSchema>;

export const mailchimpQueryKey = (communityId: number) => ['communities', communityId, 'mailchimp'] as const;

const base = (communityId: number) => `/api/communities/${communityId}/mailchimp`;

export const fetchMailchimp = (communityId: number) => api<MailchimpSettings>(base(communityId));

export const saveMailchimp = (communityId: number, values: Values) =>
  api<MailchimpSettings>(base(communityId), { method: 'PUT', body: { mailchimp: values } });

export const testMailchimp = (communityId: number, values: Partial<Values>) =>
  api<MailchimpTest>(`${base(communityId)}/test`, { method: 'POST', body: { mailchimp: values } });

export const resyncMailchimp = (communityId: number) =>
  api<MailchimpSettings>(`/api/communities/${communityId}/resync_mailchimp.json`, { method: 'POST', body: {} });
