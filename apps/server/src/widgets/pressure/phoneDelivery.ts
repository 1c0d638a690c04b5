import { formatTarget, type PhoneTargetCalls, parseTargets } from '@mutirao/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Widget } from '../../db/schema';
import { twilioCalls } from '../../db/schema';
import { callStates, FAILED_STATUSES } from '../../telephony/calls';

/**
 * The delivery view of a phone pressure: for each target (and any number called before the targets changed), its
 * calls by outcome as the visitor saw them, and the total time talked.
 */
export async function phoneDeliveries(db: Db, widget: Widget): Promise<PhoneTargetCalls[]> {
  const calls = await db
    .select({ id: twilioCalls.id, to: twilioCalls.to })
    .from(twilioCalls)
    .where(eq(twilioCalls.widgetId, widget.id))
    .orderBy(asc(twilioCalls.id));
  const states = await callStates(
    db,
    calls.map((c) => c.id),
  );
  const byAddress = new Map<string, PhoneTargetCalls>();
  const entry = (name: string, address: string) => {
    let found = byAddress.get(address);
    if (!found) {
      found = {
        target: formatTarget({ name, address, channel: 'phone' }),
        name,
        address,
        completed: 0,
        busy: 0,
        no_answer: 0,
        failed: 0,
        active: 0,
        duration: 0,
      };
      byAddress.set(address, found);
    }
    return found;
  };
  for (const t of parseTargets(widget.settings.targets)) if (t.channel === 'phone') entry(t.name, t.address);
  for (const call of calls) {
    const e = entry(byAddress.get(call.to)?.name ?? call.to, call.to);
    const state = states.get(call.id);
    if (!state) continue;
    if (state.status === 'completed') {
      e.completed += 1;
      e.duration += state.duration ?? 0;
    } else if (state.status === 'busy') e.busy += 1;
    else if (state.status === 'no-answer') e.no_answer += 1;
    else if (FAILED_STATUSES.has(state.status)) e.failed += 1;
    else e.active += 1;
  }
  return [...byAddress.values()];
}
