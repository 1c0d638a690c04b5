import { DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID } from '@mutirao/core';
import { type ActivistFilterValues, cleanFilter, filterParams } from '../activists/activistsApi';
import { api } from '../api/client';

/** Who a segmentation reaches (`GET /api/communities/:id/bot/audience`). */
export interface Audience {
  recipients: {
    id: number;
    first_name: string | null;
    last_name: string | null;
    profile_pic: string | null;
    gender: string | null;
  }[];
  /** Messenger subscribers the message goes to. */
  total: number;
  /** Matching people, with or without a subscriber. */
  matched: number;
  /** Matching people without a subscriber (no opt-in): never messaged. */
  skipped: number;
  facebook_bot_configuration_id: number | null;
}

export type CampaignStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface Campaign {
  id: number;
  name: string;
  text: string;
  status: CampaignStatus;
  total_impacted_activists: number;
  created_at: string;
  counts: { pending: number; sending: number; sent: number; failed: number; skipped: number };
}

export interface CampaignPage {
  campaigns: Campaign[];
  next_cursor: string | null;
}

export interface SandboxMessage {
  id: number;
  recipient: string;
  text: string;
  quick_reply_button_text: string | null;
  quick_reply_redirect: string | null;
  created_at: string;
}

/** The message as the form holds it (spec 01 §5 mass-message rules). */
export interface MessageValues {
  name: string;
  text: string;
  quick_reply_redirect: string;
  quick_reply_button_text: string;
}

/** What the wizard's step 0 chose: a saved segment, or a filter set. */
export interface Segmentation {
  segmentId?: number;
  filter: ActivistFilterValues;
}

/** One target's answer to a test: sent, not subscribed, or failed (with the server's message). */
export interface TestResult {
  target: string;
  status: 'sent' | 'not_subscribed' | 'failed';
  message?: string;
}

export const AUDIENCE_PREVIEW = 50;

const bot = (communityId: number) => `/api/communities/${communityId}/bot`;

export function fetchAudience(communityId: number, { segmentId, filter }: Segmentation) {
  const params = filterParams(filter, segmentId);
  params.set('limit', String(AUDIENCE_PREVIEW));
  return api<Audience>(`${bot(communityId)}/audience?${params}`);
}

export const fetchCampaigns = (communityId: number, after?: string) =>
  api<CampaignPage>(`${bot(communityId)}/campaigns${after ? `?after=${after}` : ''}`);

export const fetchSandboxMessages = (communityId: number, campaignId: number) =>
  api<{ messages: SandboxMessage[]; next_cursor: string | null }>(
    `${bot(communityId)}/sandbox_messages?campaign_id=${campaignId}`,
  );

const quickReply = (message: MessageValues) => ({
  quick_reply_redirect: message.quick_reply_redirect.trim() || null,
  quick_reply_button_text: message.quick_reply_button_text.trim() || null,
});

export async function sendTest(communityId: number, message: MessageValues, targets: string[]) {
  const body = await api<{ results?: TestResult[] } | TestResult[]>(`${bot(communityId)}/test_message`, {
    method: 'POST',
    body: {
      facebook_bot_configuration_id: DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID,
      text: message.text,
      ...quickReply(message),
      targets,
    },
  });
  return Array.isArray(body) ? body : (body.results ?? []);
}

/** The body of `POST /api/enqueue-mass-messages` (spec 01 §7), with the bot configuration spec 01 §9 fixes at 1. */
export const massMessageBody = (communityId: number, message: MessageValues, segmentation: Segmentation) => ({
  community_id: communityId,
  facebook_bot_configuration_id: DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID,
  name: message.name,
  text: message.text,
  ...quickReply(message),
  segmentation: segmentation.segmentId
    ? { segment_id: segmentation.segmentId }
    : { filter: cleanFilter(segmentation.filter) },
});

export const enqueueMassMessage = (communityId: number, message: MessageValues, segmentation: Segmentation) =>
  api<Partial<Campaign> & { skipped_count?: number }>('/api/enqueue-mass-messages', {
    method: 'POST',
    body: massMessageBody(communityId, message, segmentation),
  });

/** The test targets after Ctrl+Enter: the one typed added once, trimmed; nothing for an empty field. */
export function withTarget(targets: string[], typed: string): string[] {
  const target = typed.trim();
  return target && !targets.includes(target) ? [...targets, target] : targets;
}

/**
 * What the last step says: how many people the message reaches and how many are left out for want of an opt-in,
 * from the queued campaign's answer, or else from the audience the first step found.
 */
export function sentCounts(sent: (Partial<Campaign> & { skipped_count?: number }) | undefined, audience?: Audience) {
  return {
    reached: sent?.total_impacted_activists ?? audience?.total ?? 0,
    skipped: sent?.counts?.skipped ?? sent?.skipped_count ?? audience?.skipped ?? 0,
  };
}

export const campaignsKey = (communityId: number) => ['communities', communityId, 'bot', 'campaigns'] as const;
