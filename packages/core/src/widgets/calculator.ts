/**
 * The calculator widget (`busao0800`, spec 02 §2, §5, §9): what a company saves on employee transport. It has no
 * settings to validate ("Calculator: No validation"); the figures are computed in the visitor's browser.
 */

/** spec 02 §9: defaults and the fee rule. */
export const CALCULATOR = {
  defaultEmployees: 10,
  defaultCost: 1600,
  /** The fee per employee beyond the exempt ones. */
  feePerEmployee: 170,
  exemptEmployees: 9,
  /** Generous bounds, so the money stays a safe integer number of cents. */
  maxEmployees: 1_000_000,
  maxCost: 1_000_000_000,
} as const;

export interface CalculatorFigures {
  /** 170 × (employees − 9), in reais. */
  fee: number;
  /** cost − fee, in reais; negative when the fee is higher. */
  savings: number;
}

/** Total fee is 170 times (employees minus 9); savings are cost minus that fee (spec 02 §9). */
export function calculatorFigures(employees: number, cost: number): CalculatorFigures {
  const fee = CALCULATOR.feePerEmployee * (employees - CALCULATOR.exemptEmployees);
  return { fee, savings: cost - fee };
}

/**
 * What the visitor typed into a number input (whose value the browser always gives with a '.' decimal point), as a
 * number within bounds: empty or unreadable input counts as 0, employees are whole people, cost is kept to cents.
 */
export function calculatorInput(raw: string, kind: 'employees' | 'cost'): number {
  const value = raw.trim() === '' ? 0 : Number(raw);
  if (!Number.isFinite(value) || value < 0) return 0;
  return kind === 'employees'
    ? Math.min(Math.floor(value), CALCULATOR.maxEmployees)
    : Math.min(Math.round(value * 100) / 100, CALCULATOR.maxCost);
}

/** The calculator's interface text, per language: the kind brings its own catalogue section (`kinds.busao0800`). */
export const calculatorMessages = {
  'pt-BR': {
    title: 'Quanto sua empresa economiza?',
    employees: 'Número de funcionários',
    cost: 'Custo mensal com transporte (R$)',
    fee: 'Taxa total',
    savings: 'Economia',
    explanation: 'A taxa é de R$ 170,00 por funcionário a partir do décimo.',
  },
  es: {
    title: '¿Cuánto ahorra tu empresa?',
    employees: 'Número de empleados',
    cost: 'Costo mensual de transporte (R$)',
    fee: 'Tasa total',
    savings: 'Ahorro',
    explanation: 'La tasa es de R$ 170,00 por empleado a partir del décimo.',
  },
  en: {
    title: 'How much does your company save?',
    employees: 'Number of employees',
    cost: 'Monthly transport cost (R$)',
    fee: 'Total fee',
    savings: 'Savings',
    explanation: 'The fee is R$ 170,00 per employee from the tenth on.',
  },
} as const;
