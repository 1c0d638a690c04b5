import { type ActionKind, countsAsAction } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queueForMailchimp } from './mailchimpQueue';
import { actionsRelation } from './sources';

/**
 * Counts the person's actions again from the actions themselves (`actions/sources.ts`), with the latest one (their
 * arrival when none): after an action stopped counting (a refund), which no running count can take back exactly.
 */
export async function recountPerson(tx: Tx, activistId: number) {
  await tx.execute(sql`
    update activists a set actions_count = c.n, last_action_at = c.latest, updated_at = now()
    from (
      select count(*)::int as n, max(u.created_at) as latest from ${actionsRelation()} u where u.activist_id = ${activistId}
    ) c
    where a.id = ${activistId}`);
}

/** A stored donation or call, as what moved is told to `actionMoved`. */
export interface MovedAction {
  kind: Extract<ActionKind, 'donation' | 'pressure-phone'>;
  id: number;
  communityId: number;
  activistId: number | null;
  createdAt: Date;
  /** Its widget and page, for the mailing list's segment; a recurring donation's later charge has neither. */
  widgetId: number | null;
  mobilizationId: number | null;
}

/**
 * A donation or a call changed state, in the caller's transaction: when that makes it an action (a boleto paid, a
 * call completed) the person's count and last action move and the mailing list is told; when it stops being one
 * (a refund) the person is counted again. The widget counters follow on their own (migration 0032's triggers).
 * Answers whether something was queued for Mailchimp (the caller nudges after the commit).
 */
export async function actionMoved(tx: Tx, action: MovedAction, from: string, to: string): Promise<boolean> {
  const was = countsAsAction(action.kind, from);
  const is = countsAsAction(action.kind, to);
  if (was === is || action.activistId === null) return false;
  if (!is) {
    await recountPerson(tx, action.activistId);
    return false;
  }
  await tx.execute(sql`
    update activists set actions_count = actions_count + 1,
      -- greatest() skips a null: the first action of someone who never acted is their last.
      last_action_at = greatest(last_action_at, ${action.createdAt.toISOString()}::timestamptz),
      updated_at = now()
    where id = ${action.activistId}`);
  if (action.widgetId === null || action.mobilizationId === null) return false;
  return queueForMailchimp(tx, action.communityId, action.kind, {
    action: action.id,
    activist: action.activistId,
    widget: action.widgetId,
    mobilization: action.mobilizationId,
  });
}
