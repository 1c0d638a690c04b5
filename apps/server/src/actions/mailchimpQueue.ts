import type { ActionKind } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/** An action to queue for its community's list. */
export interface ListedAction {
  communityId: number;
  kind: ActionKind;
  action: number;
  activist: number;
  widget: number;
  mobilization: number;
}

/**
 * Queues actions for their communities' lists, in one statement, in the transaction that makes them actions (a
 * donation once paid, a call once completed: `actionsMoved`; form entries and e-mail pressures are queued by their
 * batch statements), only where the community has a key and a list: a community without Mailchimp writes nothing.
 * The same action twice is queued once. Answers the communities that got a row (the caller nudges them after commit).
 */
export async function queueForMailchimp(tx: Db | Tx, actions: ListedAction[]): Promise<number[]> {
  if (!actions.length) return [];
  const result = (await tx.execute(sql`
    insert into mailchimp_queue (community_id, kind, action_id, activist_id, widget_id, mobilization_id)
    select r."communityId", r.kind, r.action, r.activist, r.widget, r.mobilization
    from jsonb_to_recordset(${JSON.stringify(actions)}::jsonb)
      as r("communityId" int, kind text, action int, activist int, widget int, mobilization int)
    join communities c on c.id = r."communityId"
    where c.mailchimp_api_key is not null and c.mailchimp_list_id is not null
    on conflict do nothing
    returning community_id`)) as unknown as { rows: { community_id: number }[] };
  return [...new Set(result.rows.map((row) => Number(row.community_id)))];
}
