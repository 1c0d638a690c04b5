import { type Locale, translate } from '@mutirao/core/i18n';
import { dropdownOptions, type FormField } from '@mutirao/core/widgets/formRules';
import type { ReactElement } from 'react';
import { inputValue } from '../browser';

export interface FieldInputProps {
  field: FormField;
  /** Unique on the page and the same on the server and in the browser. */
  id: string;
  value: string;
  locale: Locale;
  /** The id of this field's message in the error list, when it has one. */
  errorId?: string;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * One visitor-facing field with its label (spec 02 §3): text, e-mail, number, or a dropdown whose options are the
 * comma-separated placeholder. Required fields are marked for sight and for assistive technology; the browser's own
 * validation bubbles are off (the form is `noValidate`), so every message is the spec's, in the page's language.
 */
export function FieldInput({ field, id, value, locale, errorId, onChange, onBlur }: FieldInputProps) {
  const required = field.required === 'true';
  const common = {
    id,
    name: field.uid,
    value,
    'aria-required': required || undefined,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': errorId,
    onBlur,
  };
  let input: ReactElement;
  if (field.kind === 'dropdown') {
    input = (
      <select className="mz-form__input" {...common} onChange={(e) => onChange(inputValue(e.currentTarget))}>
        <option value="">{translate(locale, 'formView.selectPlaceholder')}</option>
        {dropdownOptions(field).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    const byKind =
      field.kind === 'email'
        ? { type: 'email', autoComplete: 'email', inputMode: 'email' as const }
        : field.kind === 'number'
          ? { type: 'text', inputMode: 'decimal' as const }
          : { type: 'text' };
    input = (
      <input
        className="mz-form__input"
        {...byKind}
        {...common}
        placeholder={field.placeholder || undefined}
        onChange={(e) => onChange(inputValue(e.currentTarget))}
      />
    );
  }
  return (
    <div className="mz-form__field">
      <label className="mz-form__label" htmlFor={id}>
        {field.label}
        {required && (
          <span className="mz-form__required" title={translate(locale, 'formView.requiredMark')} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {input}
    </div>
  );
}
