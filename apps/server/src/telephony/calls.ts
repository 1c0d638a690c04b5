import { callProgress, countsAsAction } from '@mutirao/core';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { actionMoved } from '../actions/standing';
import type { Db, Tx } from '../db/client';
import { blocks, type TwilioCallStatus, twilioCalls, twilioCallTransitions, widgets } from '../db/schema';

export const CALL_STATUSES = [
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'failed',
  'no-answer',
] as const;
/** spec 02 §9: the failures (the visitor may call again) and the end states. */
export const FAILED_STATUSES = new Set<TwilioCallStatus>(['busy', 'failed', 'no-answer']);
export const isFinal = (status: TwilioCallStatus) => status === 'completed' || FAILED_STATUSES.has(status);

/** What the visitor sees of a call: the state of the call to the target, and its duration once it ended. */
export interface CallState {
  id: number;
  status: TwilioCallStatus;
  duration: number | null;
}

type TransitionRow = Pick<typeof twilioCallTransitions.$inferSelect, 'status' | 'twilioParentCallSid' | 'callDuration'>;

/** How a leg's report reads to the visitor: once they answer, the target's leg is being rung (spec 02 §4). */
const seenAs = (row: TransitionRow): TwilioCallStatus =>
  row.twilioParentCallSid
    ? row.status === 'initiated'
      ? 'ringing'
      : row.status
    : row.status === 'in-progress'
      ? 'ringing'
      : row.status;

/**
 * The call as the visitor sees it, from its legs' transitions in whatever order they arrived: the furthest state
 * either leg reached (`callProgress`), so it never steps back. The visitor's leg is ringing their phone; their
 * answering ('in-progress') and the target's leg starting both mean the target is being rung. The end is the target
 * leg's (busy, no answer, completed with the talk's duration), or the visitor's own when the target's leg never
 * ended (the visitor did not answer). A call with no transition yet is initiated.
 */
export function displayedState(id: number, rows: readonly TransitionRow[]): CallState {
  const end =
    rows.find((r) => r.twilioParentCallSid && isFinal(r.status)) ??
    rows.find((r) => !r.twilioParentCallSid && isFinal(r.status));
  if (end) return { id, status: end.status, duration: end.callDuration ?? 0 };
  const status = rows
    .map(seenAs)
    .reduce<TwilioCallStatus>((shown, next) => (callProgress(next) > callProgress(shown) ? next : shown), 'initiated');
  return { id, status, duration: null };
}

export async function callStates(db: Db | Tx, ids: number[]): Promise<Map<number, CallState>> {
  const rows = ids.length
    ? await db
        .select({
          callId: twilioCallTransitions.twilioCallId,
          status: twilioCallTransitions.status,
          twilioParentCallSid: twilioCallTransitions.twilioParentCallSid,
          callDuration: twilioCallTransitions.callDuration,
        })
        .from(twilioCallTransitions)
        .where(inArray(twilioCallTransitions.twilioCallId, ids))
        .orderBy(asc(twilioCallTransitions.id))
    : [];
  const byCall = new Map<number, TransitionRow[]>();
  for (const row of rows) byCall.set(row.callId, [...(byCall.get(row.callId) ?? []), row]);
  return new Map(ids.map((id) => [id, displayedState(id, byCall.get(id) ?? [])]));
}

export async function callState(db: Db, id: number): Promise<CallState> {
  return (await callStates(db, [id])).get(id) ?? { id, status: 'initiated', duration: null };
}

/**
 * Records one status callback (already authenticated) of the call `callId`, and the call's state as the visitor now
 * sees it (`twilio_calls.status`), under the call's row lock so two callbacks at once cannot store an older state.
 * A call that becomes completed is a phone pressure (`actionMoved`: the person's count, the mailing list; the widget's
 * counter follows by trigger). The first callback of the visitor's leg may arrive before the provider's answer gave us
 * the call's sid; a callback naming another call (neither its sid nor its parent) is refused (undefined). A replayed
 * callback (a leg's status already recorded: `twilio_call_transitions_sid_status_idx`) adds no row and moves nothing,
 * even when two processes receive it at once. Answers whether the mailing list got something to send, and whether
 * the callback was a replay.
 */
export async function recordTransition(
  db: Db,
  callId: number,
  params: Record<string, string>,
): Promise<{ mailchimp: boolean; replay: boolean } | undefined> {
  // Twilio also reports 'queued' (not dialled yet) and 'canceled' (ended before it rang); the widget knows the spec's seven.
  const status = (
    params.CallStatus === 'queued' ? 'initiated' : params.CallStatus === 'canceled' ? 'failed' : params.CallStatus
  ) as TwilioCallStatus;
  const sid = params.CallSid;
  if (!sid || !(CALL_STATUSES as readonly string[]).includes(status)) return undefined;
  const parent = params.ParentCallSid || null;
  const owner = parent ?? sid;
  return db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(twilioCalls)
      .where(
        and(eq(twilioCalls.id, callId), or(isNull(twilioCalls.twilioCallSid), eq(twilioCalls.twilioCallSid, owner))),
      )
      .for('update')
      .limit(1);
    if (!call) return undefined;
    const duration = Number.parseInt(params.CallDuration ?? '', 10);
    const sequence = Number.parseInt(params.SequenceNumber ?? '', 10);
    // A replay (this leg already reported this status) conflicts on the unique index and changes nothing.
    const [added] = await tx
      .insert(twilioCallTransitions)
      .values({
        twilioCallId: callId,
        twilioCallSid: sid,
        twilioParentCallSid: parent,
        sequenceNumber: Number.isFinite(sequence) ? sequence : null,
        status,
        callDuration: Number.isFinite(duration) ? duration : null,
        data: params,
      })
      .onConflictDoNothing({
        target: [twilioCallTransitions.twilioCallId, twilioCallTransitions.twilioCallSid, twilioCallTransitions.status],
      })
      .returning({ id: twilioCallTransitions.id });
    if (!added) return { mailchimp: false, replay: true };
    const shown = (await callStates(tx, [callId])).get(callId)?.status ?? call.status;
    if (shown === call.status && (parent || call.twilioCallSid)) return { mailchimp: false, replay: false };
    await tx
      .update(twilioCalls)
      .set({ status: shown, ...(parent ? {} : { twilioCallSid: sid }), updatedAt: new Date() })
      .where(eq(twilioCalls.id, callId));
    // The page names the mailing list's segment; only a call that now counts goes there.
    const [page] = countsAsAction('pressure-phone', shown)
      ? await tx
          .select({ id: blocks.mobilizationId })
          .from(widgets)
          .innerJoin(blocks, eq(blocks.id, widgets.blockId))
          .where(eq(widgets.id, call.widgetId))
      : [];
    const moved = { kind: 'pressure-phone' as const, ...call, mobilizationId: page?.id ?? null };
    return { mailchimp: await actionMoved(tx, moved, call.status, shown), replay: false };
  });
}

/** Event-bus topics a recorded transition publishes: one call (the visitor's long poll), and a widget's calls. */
export const callTopics = {
  call: (id: number) => `call:${id}`,
  widget: (widgetId: number) => `twilio_call:${widgetId}`,
};
