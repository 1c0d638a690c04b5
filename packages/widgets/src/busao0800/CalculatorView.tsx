import { formatMoney } from '@mutirao/core/format';
import { type Locale, translate } from '@mutirao/core/i18n';
import { CALCULATOR, calculatorFigures, calculatorInput } from '@mutirao/core/widgets/calculator';
import { useState } from 'react';
import { inputValue } from '../browser';
import type { RenderMode } from '../types';

export interface CalculatorViewProps {
  widgetId: number;
  locale: Locale;
  mode: RenderMode;
}

/**
 * The calculator widget (spec 02 §2, §9): the number of employees and the monthly transport cost in, the total fee
 * (170 × (employees − 9)) and the savings (cost − fee) out, in the spec's money format. The same component renders
 * on the server, in the editor (read-only under its overlay) and, hydrated, in the visitor's browser.
 */
export function CalculatorView({ widgetId, locale, mode }: CalculatorViewProps) {
  const [employees, setEmployees] = useState(String(CALCULATOR.defaultEmployees));
  const [cost, setCost] = useState(String(CALCULATOR.defaultCost));
  const { fee, savings } = calculatorFigures(calculatorInput(employees, 'employees'), calculatorInput(cost, 'cost'));
  const t = (key: string) => translate(locale, `kinds.busao0800.${key}`);
  const id = `mz-calculator-${widgetId}`;
  return (
    <div className="mz-form mz-calculator" inert={mode === 'edit' || undefined}>
      <h3 className="mz-form__title" id={`${id}-title`}>
        {t('title')}
      </h3>
      <div className="mz-form__fields">
        <NumberField id={`${id}-employees`} label={t('employees')} value={employees} onChange={setEmployees} whole />
        <NumberField id={`${id}-cost`} label={t('cost')} value={cost} onChange={setCost} />
      </div>
      <dl className="mz-calculator__figures" aria-live="polite">
        <div className="mz-calculator__figure">
          <dt>{t('fee')}</dt>
          <dd data-testid="calculator-fee">{formatMoney(fee * 100)}</dd>
        </div>
        <div className="mz-calculator__figure">
          <dt>{t('savings')}</dt>
          <dd data-testid="calculator-savings">{formatMoney(savings * 100)}</dd>
        </div>
      </dl>
      <p className="mz-calculator__note">{t('explanation')}</p>
    </div>
  );
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Whole numbers (people); otherwise money, to the cent. */
  whole?: boolean;
}

/** A labelled number input in the action widgets' field style; phones show the numeric keypad. */
function NumberField({ id, label, value, onChange, whole }: NumberFieldProps) {
  return (
    <div className="mz-form__field">
      <label className="mz-form__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="mz-form__input"
        id={id}
        type="number"
        inputMode={whole ? 'numeric' : 'decimal'}
        min={0}
        max={whole ? CALCULATOR.maxEmployees : CALCULATOR.maxCost}
        step={whole ? 1 : 0.01}
        value={value}
        onChange={(event) => onChange(inputValue(event.target))}
      />
    </div>
  );
}

/** The calculator's own rules; the card, title and fields share the action widgets' styles. */
export const calculatorCss = `
.mz-calculator{--mz-form-color:var(--mz-link);text-shadow:none}
.mz-calculator__figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:1rem;margin:1.25rem 1.5rem 0}
.mz-calculator__figure{padding:.75rem 1rem;border-radius:.375rem;background:#f3f3f3}
.mz-calculator__figure dt{font-weight:700;font-size:.9375rem}
.mz-calculator__figure dd{margin:.25rem 0 0;font-size:1.5rem;font-weight:700;font-variant-numeric:tabular-nums}
.mz-calculator__note{margin:1rem 1.5rem 1.5rem;font-size:.875rem;color:#555}
`;
