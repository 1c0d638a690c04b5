import type { communities, MailchimpSync, MailingListCall } from '../db/schema';

type Community = typeof communities.$inferSelect;

/** A recorded sandbox call as the tab lists it. */
export function presentCall(call: MailingListCall) {
  return {
    id: call.id,
    method: call.method,
    path: call.path,
    body: call.body,
    status: call.status,
    created_at: call.createdAt.toISOString(),
  };
}

/**
 * What the Mailchimp tab reads: the list and group ids, whether a key is stored (never the key), and the sync's
 * state (paused and why, the queue's size, the last run, the resync's progress), plus the sandbox's latest calls.
 */
export function presentMailchimp(input: {
  community: Community;
  sync: MailchimpSync;
  queueSize: number;
  sandbox: boolean;
  calls: MailingListCall[];
}) {
  const { community, sync } = input;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    mailchimp: {
      mailchimp_list_id: community.mailchimpListId,
      mailchimp_group_id: community.mailchimpGroupId,
      api_key_set: Boolean(community.mailchimpApiKey),
      configured: Boolean(community.mailchimpApiKey && community.mailchimpListId),
      paused: sync.pausedAt !== null,
      paused_reason: sync.pausedReason,
      paused_at: iso(sync.pausedAt),
      queue_size: input.queueSize,
      last_synced_at: iso(sync.lastSyncedAt),
      last_error: sync.lastError,
      last_error_at: iso(sync.lastErrorAt),
      resync: {
        status: sync.resyncStatus,
        done: sync.resyncDone,
        total: sync.resyncTotal,
        started_at: iso(sync.resyncStartedAt),
        finished_at: iso(sync.resyncFinishedAt),
      },
    },
    sandbox: input.sandbox,
    calls: input.calls.map(presentCall),
  };
}
