import { type Locale, translate } from '@mutirao/core/i18n';
import { renderMessage } from '@mutirao/core/messages';
import { type PressureFillErrors, validatePressureFill } from '@mutirao/core/widgets/pressureRules';
import { useEffect, useState } from 'react';
import { ConsentNote, RetryNotice } from '../action/ActionParts';
import { useLiveCount } from '../action/liveCount';
import { useActionSubmit } from '../action/useActionSubmit';
import type { RenderMode } from '../types';
import { PressureDone, PressureErrors, PressureFrame, pressureFields } from './PressureParts';
import type { PressureModel } from './pressureModel';
import { submitPressureFill } from './submit';

export interface PressureViewProps {
  model: PressureModel;
  locale: Locale;
  mode: RenderMode;
}

type Field = keyof PressureFillErrors;
type Values = Record<Field, string>;

/** Fisher–Yates: the targets in a fresh random order, so no decision-maker is always first (spec 02 §5). */
export function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The e-mail pressure widget (spec 02 §2, §4, §5): the call to action, the targets, the visitor's name, e-mail (and
 * city when asked), the letter (read-only when the organiser locked it), errors listed above the button,
 * 'Enviando...' while sending, then the finish message or share screen. The same component renders on the server,
 * in the editor and, hydrated, in the visitor's browser; it runs the very checks the server runs.
 */
export function PressureView({ model, locale, mode }: PressureViewProps) {
  const [values, setValues] = useState<Values>({
    firstname: '',
    lastname: '',
    email: '',
    city: '',
    subject: model.subject,
    body: model.body,
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  // Stored order on the server and at hydration; shuffled once the island runs, so the markup matches.
  const [targets, setTargets] = useState(model.targets);
  const id = `mz-pressure-${model.widgetId}`;
  const t = (key: string) => translate(locale, `kinds.pressure.${key}`);

  useEffect(() => {
    if (mode === 'public') setTargets(shuffled(model.targets));
  }, [mode, model.targets]);
  const fill = {
    activist: { firstname: values.firstname, lastname: values.lastname, email: values.email, city: values.city },
    mail: { subject: values.subject, body: values.body },
  };
  const invalid = validatePressureFill(fill, {
    targets: model.targets.map((x) => ({ ...x, channel: 'email' })),
    showCity: model.showCity,
  });
  const {
    showAll,
    server,
    status,
    count,
    setCount,
    website,
    summary,
    done,
    onSubmit,
    clearServerError,
    retry,
    retryNow,
  } = useActionSubmit({
    mode,
    locale,
    initialCount: model.count,
    blocked: Object.keys(invalid).length > 0 || !model.targets.length,
    send: (website, failed, key) =>
      submitPressureFill(
        {
          widgetId: model.widgetId,
          fill: { ...fill, activist: { ...fill.activist, city: model.showCity ? fill.activist.city : null } },
          website,
          locale,
          key,
        },
        failed,
      ),
  });
  useLiveCount({ mode, widgetId: model.widgetId, countText: model.countText }, setCount);
  const shown = new Map<Field, string>();
  for (const [field, message] of Object.entries(invalid) as [Field, string][])
    if (showAll || touched[field]) shown.set(field, renderMessage(locale, message));
  for (const [field, message] of Object.entries(server?.fields ?? {}) as [Field, string][])
    if (message && !shown.has(field)) shown.set(field, message);
  const general = server?.messages ?? [];

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearServerError(field);
  };
  const touch = (field: Field) => setTouched((v) => (v[field] ? v : { ...v, [field]: true }));

  if (status === 'done') return <PressureDone model={model} count={count} locale={locale} mode={mode} doneRef={done} />;

  const field = pressureFields({ id, values, shown, locale, change, touch });
  const locked = model.locked || undefined;

  return (
    <PressureFrame id={id} model={model} count={count} locale={locale} mode={mode} onSubmit={onSubmit}>
      <div className="mz-pressure__targets">
        <p className="mz-pressure__targets-title">{t('targetsTitle')}</p>
        {targets.length ? (
          <ul>
            {targets.map((target) => (
              <li key={target.address}>{target.name}</li>
            ))}
          </ul>
        ) : (
          <p>{t('noTargets')}</p>
        )}
      </div>
      <div className="mz-form__fields">
        {field('firstname', t('firstName'), { autoComplete: 'given-name' })}
        {field('lastname', t('lastName'), { autoComplete: 'family-name' })}
        {field('email', t('email'), { type: 'email', autoComplete: 'email' })}
        {model.showCity && field('city', t('city'), { autoComplete: 'address-level2' })}
        {field('subject', t('subject'), { readOnly: locked })}
        {field('body', t('body'), { multiline: true, readOnly: locked })}
      </div>
      <PressureErrors
        id={id}
        locale={locale}
        website={website}
        summaryRef={summary}
        fields={shown}
        messages={general}
      />
      <RetryNotice locale={locale} state={retry} onRetry={retryNow} />
      <button
        type="submit"
        className="mz-form__submit"
        aria-disabled={!model.targets.length || undefined}
        disabled={status === 'sending'}
      >
        {status === 'sending' ? translate(locale, 'actionWidget.sending') : (model.buttonText ?? t('defaultButton'))}
      </button>
      <ConsentNote locale={locale} />
    </PressureFrame>
  );
}

/** The pressure widget's own rules; the card, fields, errors and button share the action widgets' styles. */
export const pressureCss = `
.mz-pressure__targets{margin:1.25rem 1.5rem 0;padding:.75rem 1rem;border-left:4px solid var(--mz-form-color);background:#f6f6f6}
.mz-pressure__targets-title{margin:0 0 .25rem;font-weight:700}
.mz-pressure__targets ul{margin:0;padding-left:1.25rem}
.mz-form__input[readonly]{background:#f3f3f3}
textarea.mz-form__input{min-height:10rem;resize:vertical;line-height:1.5}
`;
