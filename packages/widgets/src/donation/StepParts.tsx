import { type Locale, translate } from '@mutirao/core/i18n';
import type { ReactNode, Ref } from 'react';
import { ErrorSummary } from '../action/ActionParts';
import { type Focusable, inputValue } from '../browser';

/** A checkout step's heading: focused when the step opens, so reading starts there. */
export function StepHeading({
  headingRef,
  children,
}: {
  headingRef: Ref<HTMLElement & Focusable>;
  children: ReactNode;
}) {
  return (
    <h4 className="mz-donation__heading" tabIndex={-1} ref={headingRef as Ref<HTMLHeadingElement>}>
      {children}
    </h4>
  );
}

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  locale: Locale;
  /** The field's message, shown in the summary that `aria-describedby` points at. */
  error?: string;
  optional?: boolean;
  short?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
  placeholder?: string;
  /** A select's options instead of a text input, with the first, empty one's text. */
  options?: { empty: string; values: readonly string[] };
  onChange(value: string): void;
  onBlur(): void;
}

/** One labelled input (or select) of the checkout, marked required unless optional, pointing at its message. */
export function TextField(props: TextFieldProps) {
  const { id, error, locale } = props;
  const common = {
    id,
    name: props.name,
    className: 'mz-form__input',
    value: props.value,
    'aria-required': props.optional ? undefined : true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onBlur: props.onBlur,
  };
  return (
    <div className={`mz-form__field${props.short ? ' mz-donation__field--short' : ''}`}>
      <label className="mz-form__label" htmlFor={id}>
        {props.label}
        {!props.optional && (
          <span className="mz-form__required" title={translate(locale, 'formView.requiredMark')} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {props.options ? (
        <select {...common} onChange={(e) => props.onChange(inputValue(e.currentTarget))}>
          <option value="">{props.options.empty}</option>
          {props.options.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          onChange={(e) => props.onChange(inputValue(e.currentTarget))}
        />
      )}
    </div>
  );
}

/** The step's errors above its button: each field's (pointing back at the field) and the general ones. */
export function StepErrors(props: {
  locale: Locale;
  summaryRef: Ref<HTMLDivElement & Focusable>;
  fields: [id: string, message: string][];
  messages: string[];
}) {
  return (
    <ErrorSummary
      locale={props.locale}
      summaryRef={props.summaryRef}
      items={[
        ...props.fields.map(([id, message]) => ({ key: id, id: `${id}-error`, message })),
        ...props.messages.map((message) => ({ key: message, message })),
      ]}
    />
  );
}

/** Moves the focus to the summary after the browser painted it. */
export const focusLater = (target: { current: Focusable | null }) =>
  (globalThis as unknown as { requestAnimationFrame(cb: () => void): number }).requestAnimationFrame(() =>
    target.current?.focus(),
  );
