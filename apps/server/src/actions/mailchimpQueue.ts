import type { ActionKind } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/**
 * Queues an action for the community's list, in the statement or transaction that makes it an action (a form entry
 * or an e-mail pressure as it is stored, a donation once paid, a call once completed: `actionMoved`), only when the
 * community has a key and a list: a community without Mailchimp writes nothing. The same action twice is queued
 * once. Returns the queue row's id when one was written.
 */
export function mailchimpQueueQuery(
  communityId: number,
  kind: ActionKind,
  ids: { action: number | SQL; activist: number | SQL; widget: number; mobilization: number },
): SQL {
  return sql`
    insert into mailchimp_queue (community_id, kind, action_id, activist_id, widget_id, mobilization_id)
    select ${communityId}, ${kind}, ${ids.action}, ${ids.activist}, ${ids.widget}, ${ids.mobilization}
    from communities
    where id = ${communityId} and mailchimp_api_key is not null and mailchimp_list_id is not null
    on conflict do nothing
    returning id`;
}

/** Runs `mailchimpQueueQuery` in the caller's transaction; true when something was queued (the caller nudges). */
export async function queueForMailchimp(
  tx: Db | Tx,
  communityId: number,
  kind: ActionKind,
  ids: { action: number; activist: number; widget: number; mobilization: number },
): Promise<boolean> {
  const result = (await tx.execute(mailchimpQueueQuery(communityId, kind, ids))) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
