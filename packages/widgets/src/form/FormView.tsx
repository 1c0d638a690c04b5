import { type Locale, translate } from '@mutirao/core/i18n';
import { renderMessage } from '@mutirao/core/messages';
import { type FormField, inputFields, validateFormValues } from '@mutirao/core/widgets/formRules';
import { Fragment, type ReactNode, useState } from 'react';
import { ActionDone, ConsentNote, ErrorSummary, Honeypot, RetryNotice } from '../action/ActionParts';
import { Counter } from '../action/Counter';
import { FinishMessage } from '../action/FinishMessage';
import { useLiveCount } from '../action/liveCount';
import { useActionSubmit } from '../action/useActionSubmit';
import type { RenderMode } from '../types';
import { FieldInput } from './FieldInput';
import type { FormModel } from './formModel';
import { entryFields, fetchFormCount, submitFormEntry } from './submit';

export interface FormViewProps {
  model: FormModel;
  locale: Locale;
  mode: RenderMode;
  /**
   * The editor's in-place field editing (spec 02 §6): wraps each field with its controls. Without it, edit mode shows
   * the form read-only under the 'Clique para editar' overlay.
   */
  fieldSlot?: (field: FormField, index: number, input: ReactNode) => ReactNode;
  /** Shown after the fields in the in-place editing mode, e.g. an add button. */
  fieldsFooter?: ReactNode;
}

/**
 * The form widget (spec 02 §2, §4, §5): the call to action, the fields, errors listed above the button, 'Enviando...'
 * while sending, then the greetings text, the custom finish message or the share screen. The same component renders
 * on the server, in the editor and, hydrated, in the visitor's browser.
 */
export function FormView({ model, locale, mode, fieldSlot, fieldsFooter }: FormViewProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const idBase = `mz-form-${model.widgetId}`;
  const fields = inputFields(model.fields);
  const invalid = validateFormValues(model.fields, values);
  const dirty = fields.some((f) => (values[f.uid] ?? '').trim() !== '');
  const submit = useActionSubmit({
    mode,
    locale,
    initialCount: model.count,
    blocked: !dirty || invalid.length > 0,
    send: (website, failed, key) =>
      submitFormEntry(
        {
          mobilizationId: model.mobilizationId,
          widgetId: model.widgetId,
          fields: entryFields(model.fields, values),
          website,
          locale,
          key,
        },
        failed,
      ),
  });
  const { showAll, server: serverErrors, status, count, setCount, website, summary, done, onSubmit } = submit;

  useLiveCount({ mode, widgetId: model.widgetId, countText: model.countText }, setCount, fetchFormCount);

  const shown = new Map<string, string>();
  for (const error of invalid)
    if (showAll || touched[error.uid]) shown.set(error.uid, renderMessage(locale, error.message));
  for (const [uid, message] of Object.entries(serverErrors?.fields ?? {})) if (!shown.has(uid)) shown.set(uid, message);
  const general = serverErrors?.messages ?? [];

  const change = (uid: string, value: string) => {
    setValues((v) => ({ ...v, [uid]: value }));
    setTouched((t) => ({ ...t, [uid]: true }));
    submit.clearServerError(uid);
  };

  const style = model.color ? ({ '--mz-form-color': model.color } as Record<string, string>) : undefined;
  const counter = <Counter locale={locale} count={count} text={model.countText} />;

  if (status === 'done') {
    return (
      <ActionDone style={style} doneRef={done} counter={counter}>
        {model.greetings ? (
          <p className="mz-form__greetings">{model.greetings}</p>
        ) : (
          <FinishMessage
            finish={model.finish}
            locale={locale}
            mode={mode}
            share={{ color: model.color, twitterText: model.twitterText }}
          />
        )}
      </ActionDone>
    );
  }

  const titleId = `${idBase}-title`;
  const messages = [...shown.entries()].filter(([, m]) => m);
  return (
    <div className="mz-form-widget" style={style}>
      <form
        className="mz-form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={model.callToAction ? titleId : undefined}
        inert={mode === 'edit' && !fieldSlot ? true : undefined}
      >
        {model.callToAction && (
          <h3 className="mz-form__title" id={titleId}>
            {model.callToAction}
          </h3>
        )}
        <div className="mz-form__fields">
          {fields.map((field, index) => {
            const input = (
              <FieldInput
                field={field}
                id={`${idBase}-${index}`}
                value={values[field.uid] ?? ''}
                locale={locale}
                errorId={shown.get(field.uid) ? `${idBase}-${index}-error` : undefined}
                onChange={(value) => change(field.uid, value)}
                onBlur={() => setTouched((t) => (t[field.uid] ? t : { ...t, [field.uid]: true }))}
              />
            );
            return <Fragment key={field.uid}>{fieldSlot ? fieldSlot(field, index, input) : input}</Fragment>;
          })}
          {fields.length === 0 && mode === 'edit' && !fieldSlot && (
            <p className="mz-form__empty">{translate(locale, 'formView.emptyFields')}</p>
          )}
          {fieldsFooter}
        </div>
        <Honeypot locale={locale} inputRef={website} />
        <ErrorSummary
          locale={locale}
          summaryRef={summary}
          items={[
            ...messages.map(([uid, message]) => ({
              key: uid,
              id: `${idBase}-${fields.findIndex((f) => f.uid === uid)}-error`,
              message,
            })),
            ...general.map((message) => ({ key: message, message })),
          ]}
        />
        <RetryNotice locale={locale} state={submit.retry} onRetry={submit.retryNow} />
        <button type="submit" className="mz-form__submit" disabled={status === 'sending'}>
          {status === 'sending'
            ? translate(locale, 'actionWidget.sending')
            : (model.buttonText ?? translate(locale, 'formView.defaultButton'))}
        </button>
        <ConsentNote locale={locale} />
      </form>
      {counter}
    </div>
  );
}
