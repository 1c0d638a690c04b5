import { type ActionKind, countsAsAction } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import { anyInt } from '../db/arrays';
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

/** One action's move, as `actionsMoved` takes it. */
export interface Move {
  action: MovedAction;
  from: string;
  to: string;
}

/**
 * Donations or calls changed state, in the caller's transaction: those that became actions (a card paid, a boleto
 * paid, a call completed) move their person's count and last action, in one statement for them all, and are queued
 * for the mailing list in one more; one that stopped being an action (a refund) has its person counted again. The
 * widget counters follow on their own (migration 0032's triggers). Answers the communities whose Mailchimp queue got
 * a row (the caller nudges them after the commit).
 */
export async function actionsMoved(tx: Tx, moves: Move[]): Promise<number[]> {
  const now: MovedAction[] = [];
  for (const { action, from, to } of moves) {
    const was = countsAsAction(action.kind, from);
    const is = countsAsAction(action.kind, to);
    if (was === is || action.activistId === null) continue;
    if (is) now.push(action);
    else await recountPerson(tx, action.activistId);
  }
  if (!now.length) return [];
  const people = JSON.stringify(now.map((a) => ({ id: a.activistId, at: a.createdAt.toISOString() })));
  await tx.execute(sql`
    update activists a set actions_count = a.actions_count + c.n,
      -- greatest() skips a null: the first action of someone who never acted is their last.
      last_action_at = greatest(a.last_action_at, c.latest),
      updated_at = now()
    from (
      select id, count(*)::int as n, max(at) as latest
      from jsonb_to_recordset(${people}::jsonb) as r(id int, at timestamptz) group by id
    ) c
    where a.id = c.id and a.id = ${anyInt(now.map((a) => a.activistId as number))}`);
  const listed = now.filter((a) => a.widgetId !== null && a.mobilizationId !== null);
  if (!listed.length) return [];
  return queueForMailchimp(
    tx,
    listed.map((a) => ({
      communityId: a.communityId,
      kind: a.kind,
      action: a.id,
      activist: a.activistId as number,
      widget: a.widgetId as number,
      mobilization: a.mobilizationId as number,
    })),
  );
}

/** `actionsMoved` for one action: whether something was queued for Mailchimp. */
export async function actionMoved(tx: Tx, action: MovedAction, from: string, to: string): Promise<boolean> {
  return (await actionsMoved(tx, [{ action, from, to }])).length > 0;
}
