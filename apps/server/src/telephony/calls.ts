import { countsAsAction } from '@mutirao/core';
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

/**
 * The call as the visitor sees it, from its legs' transitions in arrival order. Once the target's leg (the one with a
 * parent) reported anything, its state is the call's. Before that the visitor's own leg speaks, except that the
 * visitor answering ('in-progress') means the target is now being rung. A call with no transition yet is initiated.
 */
export function displayedState(id: number, rows: readonly TransitionRow[]): CallState {
  const target = rows.filter((r) => r.twilioParentCallSid);
  const last = target.at(-1) ?? rows.at(-1);
  if (!last) return { id, status: 'initiated', duration: null };
  const status = !target.length && last.status === 'in-progress' ? 'ringing' : last.status;
  return { id, status, duration: isFinal(status) ? (last.callDuration ?? 0) : null };
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
 * the call's sid; a callback naming another call (neither its sid nor its parent) is refused (undefined). Answers
 * whether the mailing list got something to send.
 */
export async function recordTransition(
  db: Db,
  callId: number,
  params: Record<string, string>,
): Promise<{ mailchimp: boolean } | undefined> {
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
    await tx.insert(twilioCallTransitions).values({
      twilioCallId: callId,
      twilioCallSid: sid,
      twilioParentCallSid: parent,
      sequenceNumber: Number.isFinite(sequence) ? sequence : null,
      status,
      callDuration: Number.isFinite(duration) ? duration : null,
      data: params,
    });
    const shown = (await callStates(tx, [callId])).get(callId)?.status ?? call.status;
    if (shown === call.status && (parent || call.twilioCallSid)) return { mailchimp: false };
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
    return { mailchimp: await actionMoved(tx, moved, call.status, shown) };
  });
}

/** Event-bus topics a recorded transition publishes: one call (the visitor's long poll), and a widget's calls. */
export const callTopics = {
  call: (id: number) => `call:${id}`,
  widget: (widgetId: number) => `twilio_call:${widgetId}`,
};
