import { type Locale, translate } from '@mutirao/core/i18n';
import { renderMessage } from '@mutirao/core/messages';
import { type PhoneCallErrors, type PhoneCallInput, validatePhoneCall } from '@mutirao/core/widgets/pressurePhone';
import { PRESSURE_NAME_MAX } from '@mutirao/core/widgets/pressureRules';
import { useEffect, useRef, useState } from 'react';
import { ConsentNote, RetryNotice } from '../action/ActionParts';
import { useLiveCount } from '../action/liveCount';
import { newIdempotencyKey, useRetryingSend } from '../action/retry';
import { revealFirstError } from '../action/useActionSubmit';
import { type FieldHolder, inputValue, type Revealable, reveal } from '../browser';
import { PressureDone, PressureErrors, PressureFrame, pressureFields } from '../pressure/PressureParts';
import { shuffled } from '../pressure/PressureView';
import type { RenderMode } from '../types';
import { telephonyOf } from './api';
import { PhoneTargets } from './PhoneTargets';
import type { PhonePressureModel } from './phoneModel';
import { usePhoneCalls } from './usePhoneCalls';

export interface PhonePressureViewProps {
  model: PhonePressureModel;
  locale: Locale;
  mode: RenderMode;
}

type Field = Exclude<keyof PhoneCallErrors, 'target'>;

/**
 * The phone pressure widget (spec 02 §2, §4, §5): the visitor's name, e-mail and phone (and city when asked), then
 * per target 'Ligar'. The platform calls the visitor and connects them to the target; the call's state shows as it
 * changes, with a seconds timer while talking and the duration at the end, and 'Religar' after a failure. 'Encerrar
 * e Compartilhar' shows the finish message. Without telephony the community gets a warning instead of calls.
 */
export function PhonePressureView({ model, locale, mode }: PhonePressureViewProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: '',
    last_name: '',
    email: '',
    phone_number: '',
    city: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; messages: string[] }>();
  const [done, setDone] = useState(false);
  const [starting, setStarting] = useState(false);
  const [telephony, setTelephony] = useState<{ configured: boolean; sandbox: boolean }>();
  const [targets, setTargets] = useState(model.targets);
  const [count, setCount] = useState(model.count);
  const { calls, start } = usePhoneCalls(model.widgetId, locale);
  const retrying = useRetryingSend();
  const website = useRef<HTMLInputElement>(null);
  const summary = useRef<HTMLDivElement & Revealable>(null);
  const doneRef = useRef<HTMLDivElement & Revealable>(null);
  const fields = useRef<HTMLDivElement & FieldHolder>(null);
  const id = `mz-phone-${model.widgetId}`;
  const t = (key: string) => translate(locale, `kinds.pressure.${key}`);

  useEffect(() => {
    if (mode !== 'public') return;
    setTargets(shuffled(model.targets));
    void telephonyOf(model.widgetId).then(setTelephony);
  }, [mode, model.targets, model.widgetId]);
  useEffect(() => {
    if (done) reveal(() => doneRef.current);
  }, [done]);
  // A phone pressure is a completed call: the counter is read again as each call completes.
  const completed = Object.values(calls).filter((c) => c.status === 'completed').length;
  useLiveCount({ mode, widgetId: model.widgetId, countText: model.countText, again: completed }, setCount);

  const activist: PhoneCallInput['activist'] = { ...values, city: model.showCity ? values.city : null };
  const phoneTargets = model.targets.map((x) => ({ ...x, channel: 'phone' as const }));
  const { errors } = validatePhoneCall(
    { activist, target: model.targets[0]?.address ?? '' },
    { targets: phoneTargets, showCity: model.showCity },
  );
  const shown = new Map<string, string>();
  for (const [field, message] of Object.entries(errors))
    if (message && (showAll || touched[field as Field])) shown.set(field, renderMessage(locale, message));
  for (const [field, message] of Object.entries(server?.fields ?? {}))
    if (message && !shown.has(field)) shown.set(field, message);
  const blocked = mode !== 'public' || starting || telephony?.configured === false;

  const call = async (target: string) => {
    if (blocked) return;
    if (Object.keys(errors).length) {
      setShowAll(true);
      revealFirstError(fields.current, summary);
      return;
    }
    setStarting(true);
    setServer(undefined);
    // One key for this call and its retries: a call whose answer was lost is not placed twice.
    const key = newIdempotencyKey();
    const honeypot = inputValue(website.current);
    const result = await retrying.run(() => start(target, activist, honeypot, t('callStartFailed'), key));
    if (!result) return;
    setStarting(false);
    if (result.ok && result.count !== undefined) setCount(result.count);
    if (!result.ok) {
      setServer({ fields: result.fields, messages: result.messages });
      revealFirstError(fields.current, summary);
    }
  };

  if (done) return <PressureDone model={model} count={count} locale={locale} mode={mode} doneRef={doneRef} />;

  const field = pressureFields({
    id,
    values,
    shown,
    locale,
    change: (name: Field, value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setServer((s) => (s?.fields[name] ? { ...s, fields: { ...s.fields, [name]: '' } } : s));
    },
    touch: (name: Field) => setTouched((v) => (v[name] ? v : { ...v, [name]: true })),
  });

  return (
    <PressureFrame id={id} model={model} count={count} locale={locale} mode={mode} onSubmit={(e) => e.preventDefault()}>
      {telephony?.configured === false && (
        <p className="mz-phone__notice" role="alert">
          {t('noTelephony')}
        </p>
      )}
      {telephony?.sandbox && telephony.configured && <p className="mz-phone__notice">{t('sandboxNotice')}</p>}
      <div className="mz-form__fields" ref={fields}>
        {field('first_name', t('firstName'), { autoComplete: 'given-name', maxLength: PRESSURE_NAME_MAX })}
        {field('last_name', t('lastName'), { autoComplete: 'family-name', maxLength: PRESSURE_NAME_MAX })}
        {field('email', t('email'), { type: 'email', autoComplete: 'email' })}
        {field('phone_number', t('phone'), { type: 'tel', autoComplete: 'tel' })}
        {model.showCity && field('city', t('city'), { autoComplete: 'address-level2', maxLength: PRESSURE_NAME_MAX })}
      </div>
      <PressureErrors
        id={id}
        locale={locale}
        website={website}
        summaryRef={summary}
        fields={shown}
        messages={server?.messages ?? []}
      />
      <RetryNotice locale={locale} state={retrying.state} onRetry={retrying.retryNow} />
      <div className="mz-pressure__targets">
        <p className="mz-pressure__targets-title">{t('targetsTitle')}</p>
        <p className="mz-phone__help">{t('callHelp')}</p>
        {targets.length ? (
          <PhoneTargets
            targets={targets}
            calls={calls}
            locale={locale}
            disabled={blocked}
            onCall={call}
            buttonText={model.buttonText}
          />
        ) : (
          <p>{t('noTargets')}</p>
        )}
      </div>
      <ConsentNote locale={locale} />
      <button type="button" className="mz-form__submit" onClick={() => mode === 'public' && setDone(true)}>
        {t('endAndShare')}
      </button>
    </PressureFrame>
  );
}

/** The phone pressure's own rules; the card, fields, errors and button are the action widgets' styles. */
export const phonePressureCss = `
.mz-phone__notice{margin:1rem 1.5rem 0;padding:.75rem 1rem;border-left:4px solid #8a5a00;background:#fff4d6;color:#4d3300}
.mz-phone__help{margin:0 0 .5rem;font-size:.9375rem}
/* The targets line up with the help above them, and the consent note below keeps its distance from the box. */
.mz-pressure__targets .mz-phone__targets{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.5rem}
.mz-pressure__targets+.mz-form__consent{margin-top:1rem}
.mz-phone__target{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem}
.mz-phone__name{font-weight:700;flex:1 1 8rem}
.mz-phone__status{font-size:.9375rem}
.mz-phone__status--failed{color:#8a0019;font-weight:700}
.mz-phone__call{min-height:2.75rem;padding:.5rem 1.25rem;border:0;border-radius:.375rem;background:var(--mz-form-color);color:#fff;font:inherit;font-weight:700;cursor:pointer}
.mz-phone__call:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
.mz-phone__call[aria-disabled="true"]{opacity:.6;cursor:not-allowed}
`;
