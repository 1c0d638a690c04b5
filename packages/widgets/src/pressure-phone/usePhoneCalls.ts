import type { Locale } from '@mutirao/core/i18n';
import { laterCallState, PHONE_CALL_ACTIVE, type PhoneCallInput } from '@mutirao/core/widgets/pressurePhone';
import { useEffect, useRef, useState } from 'react';
import type { ActionResult } from '../action/useActionSubmit';
import { type CallAnswer, nextCallState, startCall } from './api';

/** A call as the widget shows it: the server's state, and when the conversation started, for the seconds timer. */
export interface CallView extends CallAnswer {
  talkingSince?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * The visitor's calls, one per target: starting one (the first stores the pressure; later ones, and 'Religar', name
 * it so the visit counts once), then following it state by state until it ends. A lost connection is retried a few
 * times, more slowly each time.
 */
export function usePhoneCalls(widgetId: number, locale: Locale) {
  const [calls, setCalls] = useState<Record<string, CallView>>({});
  const pressure = useRef<{ id: number; key: string }>(undefined);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // A call's state only moves forward, whatever order the answers come in; 'Religar' is a new call, from the start.
  const update = (target: string, answer: CallAnswer) =>
    setCalls((all) => {
      const before = all[target]?.id === answer.id ? all[target] : undefined;
      const call = laterCallState<CallAnswer>(before, answer);
      if (call === before) return all;
      const talkingSince = call.status === 'in-progress' ? Date.now() : undefined;
      return { ...all, [target]: { ...call, talkingSince } };
    });

  const follow = async (target: string, call: CallAnswer) => {
    let current = call;
    let misses = 0;
    while (alive.current && PHONE_CALL_ACTIVE.includes(current.status) && misses <= 5) {
      const next = await nextCallState(current);
      if (!alive.current) return;
      if (!next) {
        misses += 1;
        await pause(1000 * misses);
        continue;
      }
      misses = 0;
      current = next;
      update(target, next);
    }
  };

  const start = async (
    target: string,
    activist: PhoneCallInput['activist'],
    website: string,
    failed: string,
    key: string,
  ): Promise<ActionResult> => {
    const result = await startCall(
      { widgetId, call: { activist, target, pressure: pressure.current }, website },
      { locale, failed, key },
    );
    if (!result.ok) return result;
    const call = record(result.answer?.twilio_call) as unknown as CallAnswer;
    const saved = record(result.answer?.activist_pressure);
    if (typeof saved.id === 'number' && typeof saved.key === 'string')
      pressure.current = { id: saved.id, key: saved.key };
    if (typeof call.id === 'number') {
      update(target, call);
      void follow(target, call);
    }
    return result;
  };

  return { calls, start };
}
