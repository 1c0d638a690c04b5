import { type Locale, translate } from '@mutirao/core/i18n';
import type { FormEvent, ReactNode, Ref } from 'react';
import { ActionDone, ErrorSummary, Honeypot } from '../action/ActionParts';
import { Counter } from '../action/Counter';
import { FinishMessage } from '../action/FinishMessage';
import type { FinishModel } from '../action/finish';
import type { Focusable } from '../browser';
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

/** A required field's label, with the star that says so. */
export function RequiredLabel({ htmlFor, label, locale }: { htmlFor: string; label: string; locale: Locale }) {
  return (
    <label className="mz-form__label" htmlFor={htmlFor}>
      {label}
      <span className="mz-form__required" title={translate(locale, 'formView.requiredMark')} aria-hidden="true">
        {' *'}
      </span>
    </label>
  );
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
