import { type Locale, translate } from '@mutirao/core/i18n';
import { PHONE_CALL_ACTIVE, PHONE_CALL_FAILURES } from '@mutirao/core/widgets/pressurePhone';
import { useEffect, useState } from 'react';
import type { CallView } from './usePhoneCalls';

const STATUS_KEYS = {
  initiated: 'callInitiated',
  ringing: 'callRinging',
  'in-progress': 'callInProgress',
  completed: 'callCompleted',
  busy: 'callBusy',
  failed: 'callFailed',
  'no-answer': 'callNoAnswer',
} as const;

/** The call's state in words; while talking, the seconds so far, counted in the browser from when it was answered. */
function CallStatus({ call, locale }: { call: CallView; locale: Locale }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (call.status !== 'in-progress') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [call.status]);
  const seconds =
    call.status === 'in-progress'
      ? Math.max(0, Math.floor((now - (call.talkingSince ?? now)) / 1000))
      : (call.duration ?? 0);
  const failure = PHONE_CALL_FAILURES.includes(call.status);
  return (
    <span className={`mz-phone__status${failure ? ' mz-phone__status--failed' : ''}`} data-status={call.status}>
      {translate(locale, `kinds.pressure.${STATUS_KEYS[call.status]}`, { seconds })}
    </span>
  );
}

/**
 * The targets, each with its call button (spec 02 §4): 'Ligar' when not called yet, nothing while the call is
 * initiated, ringing or in progress, 'Religar' after busy, failed or no-answer. The states are announced politely.
 */
export function PhoneTargets({
  targets,
  calls,
  locale,
  disabled,
  onCall,
  buttonText,
}: {
  targets: { name: string; address: string }[];
  calls: Record<string, CallView>;
  locale: Locale;
  disabled: boolean;
  onCall(target: string): void;
  /** The organiser's button text, instead of 'Ligar'. */
  buttonText?: string;
}) {
  const t = (key: string, params?: Record<string, string>) => translate(locale, `kinds.pressure.${key}`, params);
  // The button's name starts with what it shows, and says whom it calls.
  const custom = buttonText && buttonText !== t('call') ? buttonText : undefined;
  const callLabel = (name: string) => (custom ? t('callToNamed', { button: custom, name }) : t('callTo', { name }));
  return (
    <ul className="mz-phone__targets">
      {targets.map((target) => {
        const call = calls[target.address];
        const active = call && PHONE_CALL_ACTIVE.includes(call.status);
        const again = call && PHONE_CALL_FAILURES.includes(call.status);
        return (
          <li key={target.address} className="mz-phone__target">
            <span className="mz-phone__name">{target.name}</span>
            <span aria-live="polite">{call && <CallStatus call={call} locale={locale} />}</span>
            {!active && call?.status !== 'completed' && (
              <button
                type="button"
                className="mz-phone__call"
                aria-label={again ? t('recallTo', { name: target.name }) : callLabel(target.name)}
                aria-disabled={disabled || undefined}
                onClick={() => onCall(target.address)}
              >
                {again ? t('recall') : (custom ?? t('call'))}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
