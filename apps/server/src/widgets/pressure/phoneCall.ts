import { formatTarget, type PhoneCallInput, type PressureTarget } from '@mutirao/core';
import { and, eq, isNull } from 'drizzle-orm';
import { type ConsentShown, recordConsent } from '../../activists/consent';
import { upsertActivist } from '../../activists/upsert';
import type { AppContext } from '../../context';
import { activistPressures, twilioCalls, twilioCallTransitions, type Widget } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type CallState, callTopics } from '../../telephony/calls';
import { type TelephonyAccount, TelephonyError } from '../../telephony/driver';
import { actionCount } from '../counters';

export interface PhoneCallRequest {
  mobilizationId: number;
  communityId: number;
  widget: Widget;
  input: PhoneCallInput;
  /** The visitor's number as it is dialled (checked, with its '+'). */
  phone: string;
  target: PressureTarget;
  /** The pressure this visit already stored (its id and key), when this is a second call or 'Religar'. */
  pressure?: { id: number; key: string };
  /** The consent notice the page showed, stored with each call. */
  consent: ConsentShown;
  /** The embedding site's origin when the widget is embedded on another site (`embeds/cors.ts`). */
  origin?: string;
}

/**
 * A visitor's phone pressure, one call at a time (spec 02 §4): the activist upserted, the pressure stored once per
 * visit (a later call of the same visit, or 'Religar', names it by id and key and adds its target), and the call
 * recorded, in one transaction; then the driver places the call, from the community's number to the visitor, bridged
 * to the target once answered. A provider refusal is recorded as the call's 'failed' transition, so the visitor sees
 * 'Religar' and the organiser sees the failure in the delivery view.
 */
export async function startPhoneCall(ctx: AppContext, r: PhoneCallRequest) {
  const { telephony } = ctx;
  const account = await telephony.accountOf(ctx.db, r.communityId);
  if (!account) throw new AppError('conflict', undefined, 'kinds.pressure.noTelephony');
  const { activist } = r.input;
  const reuse = r.pressure && telephony.checkKey('pressure', r.pressure.id, r.pressure.key) ? r.pressure.id : undefined;
  const written = await ctx.db.transaction(async (tx) => {
    // Calling is not pressing yet: the call is an action once it reaches its target (`recordTransition`).
    const activistId = await upsertActivist(
      tx,
      r.communityId,
      {
        email: activist.email,
        firstName: activist.first_name,
        lastName: activist.last_name,
        phone: r.phone,
        city: activist.city ?? undefined,
      },
      { countsAction: false },
    );
    const [previous] = reuse
      ? await tx
          .select({ id: activistPressures.id, targets: activistPressures.targets })
          .from(activistPressures)
          .where(and(eq(activistPressures.id, reuse), eq(activistPressures.widgetId, r.widget.id)))
          .limit(1)
      : [];
    const line = formatTarget(r.target);
    let pressureId = previous?.id;
    if (previous && !previous.targets.includes(line)) {
      await tx
        .update(activistPressures)
        .set({ targets: [...previous.targets, line] })
        .where(eq(activistPressures.id, previous.id));
    } else if (!previous) {
      const [pressure] = await tx
        .insert(activistPressures)
        .values({
          widgetId: r.widget.id,
          mobilizationId: r.mobilizationId,
          activistId,
          targets: [line],
          mail: { subject: '', body: '' },
          channel: 'phone',
          origin: r.origin ?? null,
          formData: {
            first_name: activist.first_name.trim(),
            last_name: activist.last_name.trim(),
            email: activist.email.trim().toLowerCase(),
            phone_number: r.phone,
            city: activist.city?.trim() || null,
          },
        })
        .returning({ id: activistPressures.id });
      pressureId = pressure?.id;
    }
    const [call] = await tx
      .insert(twilioCalls)
      .values({
        activistId,
        widgetId: r.widget.id,
        communityId: r.communityId,
        from: r.phone,
        to: r.target.address,
        origin: r.origin ?? null,
      })
      .returning({ id: twilioCalls.id });
    if (!call || !pressureId) throw new Error('phone pressure insert returned nothing');
    await recordConsent(tx, {
      consent: r.consent,
      communityId: r.communityId,
      mobilizationId: r.mobilizationId,
      widgetId: r.widget.id,
      source: 'twilio_calls',
      activistId,
      actionId: call.id,
    });
    return { callId: call.id, pressureId, count: await actionCount(tx, r.widget.id) };
  });

  const call = { id: written.callId, widgetId: r.widget.id };
  const state = await placeCall(ctx, account, call, r.phone, r.target.address);
  return {
    twilio_call: { ...state, key: telephony.keyFor('call', written.callId) },
    activist_pressure: { id: written.pressureId, key: telephony.keyFor('pressure', written.pressureId) },
    count: written.count,
  };
}

/**
 * Has the driver place a recorded call, from the community's number to `phone`, bridged to `target` once answered. A
 * provider refusal is recorded as the call's 'failed' transition and announced like any other.
 */
export async function placeCall(
  ctx: AppContext,
  account: TelephonyAccount,
  { id: callId, widgetId }: { id: number; widgetId: number },
  phone: string,
  target: string,
): Promise<CallState> {
  const { telephony } = ctx;
  try {
    const started = await telephony.driver.startCall({
      account,
      to: phone,
      target,
      statusCallback: telephony.statusUrl(callId),
    });
    await ctx.db
      .update(twilioCalls)
      .set({ twilioCallSid: started.sid, updatedAt: new Date() })
      .where(and(eq(twilioCalls.id, callId), isNull(twilioCalls.twilioCallSid)));
    return { id: callId, status: 'initiated', duration: null };
  } catch (error) {
    const refusal = error instanceof TelephonyError ? error : new TelephonyError(0, undefined, String(error));
    console.error(`[telephony] call ${callId} not placed:`, refusal.status, refusal.code, refusal.message);
    await ctx.db.transaction(async (tx) => {
      await tx.insert(twilioCallTransitions).values({
        twilioCallId: callId,
        twilioCallSid: '',
        status: 'failed',
        callDuration: 0,
        data: { error: { status: refusal.status, code: refusal.code ?? null, message: refusal.message } },
      });
      await tx.update(twilioCalls).set({ status: 'failed', updatedAt: new Date() }).where(eq(twilioCalls.id, callId));
    });
    await ctx.events.publish(callTopics.call(callId), callTopics.widget(widgetId));
    return { id: callId, status: 'failed', duration: 0 };
  }
}
