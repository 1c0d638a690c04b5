import { type Locale, translate } from '@mutirao/core/i18n';
import type { FormEvent, ReactNode, Ref } from 'react';
import { ActionDone, ErrorSummary, Honeypot } from '../action/ActionParts';
import { Counter } from '../action/Counter';
import { FinishMessage } from '../action/FinishMessage';
import type { FinishModel } from '../action/finish';
import { type Focusable, inputValue } from '../browser';
import type { RenderMode } from '../types';

/** What both pressure views (e-mail and phone) read to draw their frame and their finish screen. */
export interface PressureFrameModel {
  callToAction?: string;
  color: string;
  countText?: string;
  finish: FinishModel;
  twitterText?: string;
}

const styleOf = (model: PressureFrameModel) => ({ '--mz-form-color': model.color }) as Record<string, string>;

/** After pressing (or 'Encerrar e Compartilhar'): the finish message or share screen, with the counter. */
export function PressureDone(props: {
  model: PressureFrameModel;
  count: number;
  locale: Locale;
  mode: RenderMode;
  doneRef: Ref<HTMLDivElement & Focusable>;
}) {
  const { model, locale, mode } = props;
  return (
    <ActionDone
      style={styleOf(model)}
      doneRef={props.doneRef}
      counter={<Counter locale={locale} count={props.count} text={model.countText} />}
    >
      <FinishMessage
        finish={model.finish}
        locale={locale}
        mode={mode}
        share={{ color: model.color, twitterText: model.twitterText }}
      />
    </ActionDone>
  );
}

/** The card: the call to action as the form's title, the form (inert in the editor), and the counter below. */
export function PressureFrame(props: {
  id: string;
  model: PressureFrameModel;
  count: number;
  locale: Locale;
  mode: RenderMode;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}) {
  const { model, id } = props;
  const titleId = `${id}-title`;
  return (
    <div className="mz-form-widget" style={styleOf(model)}>
      <form
        className="mz-form"
        noValidate
        onSubmit={props.onSubmit}
        aria-labelledby={model.callToAction ? titleId : undefined}
        inert={props.mode === 'edit' ? true : undefined}
      >
        {model.callToAction && (
          <h3 className="mz-form__title" id={titleId}>
            {model.callToAction}
          </h3>
        )}
        {props.children}
      </form>
      <Counter locale={props.locale} count={props.count} text={model.countText} />
    </div>
  );
}

type FieldOptions = {
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  readOnly?: boolean;
  multiline?: boolean;
};

/**
 * The visitor's fields of a pressure form, all required: `field(name, label, options)` draws one, with the label and
 * its star (titled with the spec's 'Preenchimento obrigatório'), the input or the letter's textarea, marked invalid
 * and described by its message in the error list.
 */
export function pressureFields<F extends string>(form: {
  id: string;
  values: Record<F, string>;
  shown: Map<string, string>;
  locale: Locale;
  change(name: F, value: string): void;
  touch(name: F): void;
}) {
  return (name: F, label: string, { multiline, type = 'text', ...options }: FieldOptions = {}) => {
    const id = `${form.id}-${name}`;
    const error = form.shown.get(name);
    const input = {
      ...options,
      id,
      name,
      value: form.values[name],
      className: 'mz-form__input',
      'aria-required': true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onBlur: () => form.touch(name),
      onChange: (e: { currentTarget: unknown }) => form.change(name, inputValue(e.currentTarget)),
    };
    return (
      <div className="mz-form__field">
        <label className="mz-form__label" htmlFor={id}>
          {label}
          <span
            className="mz-form__required"
            title={translate(form.locale, 'kinds.pressure.required')}
            aria-hidden="true"
          >
            {' *'}
          </span>
        </label>
        {multiline ? <textarea {...input} rows={8} /> : <input {...input} type={type} />}
      </div>
    );
  };
}

/**
 * The honeypot and the error summary: each field's message (pointing at its field) and the general ones, listed
 * above the button.
 */
export function PressureErrors(props: {
  id: string;
  locale: Locale;
  website: Ref<HTMLInputElement>;
  summaryRef: Ref<HTMLDivElement & Focusable>;
  fields: Map<string, string>;
  messages: string[];
}) {
  return (
    <>
      <Honeypot locale={props.locale} inputRef={props.website} />
      <ErrorSummary
        locale={props.locale}
        summaryRef={props.summaryRef}
        items={[
          ...[...props.fields.entries()].map(([name, message]) => ({
            key: name,
            id: `${props.id}-${name}-error`,
            message,
          })),
          ...props.messages.map((message) => ({ key: message, message })),
        ]}
      />
    </>
  );
}
