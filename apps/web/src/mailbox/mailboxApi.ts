import { api } from '../api/client';

export interface SandboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  sent_at: string | null;
}

export const MAILBOX_QUERY_KEY = ['dev', 'mailbox'] as const;

/** 404 when the sandbox mail driver is off (real SMTP, or production). */
export const fetchMailbox = () => api<{ messages: SandboxMessage[] }>('/api/dev/mailbox', { allowUnauthorized: true });
