/**
 * The donation widget's plain rules (spec 02 §3–§5, §9; spec 01 §5, §9), zod-free so the public island runs them.
 * Amounts on the wire and in the database are integer cents; settings hold whole reais as the organiser typed them.
 * Messages are keys of the `kinds.donation` catalogue section (`donationMessages.ts`).
 */

/** spec 02 §9 and §3. */
export const DONATION = {
  mainColor: '#54d0f6',
  valueSlots: [1, 2, 3, 4, 5] as const,
  paymentTypes: ['unique', 'recurring', 'users_choice'] as const,
  defaultPaymentType: 'unique',
  /** Days between charges, labelled month, semester and year. */
  recurringPeriods: [30, 180, 365] as const,
  defaultRecurringPeriod: 30,
  defaultValueSlot: 1,
  buttonTextMax: 50,
  /** 'R$3,00 per paid boleto', unique donations only. */
  boletoFeeCents: 300,
  /** A boleto is due this many days after it is issued (Brazilian banks' calendar days). */
  boletoDueDays: 3,
  /** The monthly offer after a donation starts this many days later. */
  offerDelayDays: 31,
  progress: { labelAbovePercent: 5, fill: 'hsl(171,100%,41%)', animationMs: 5000 },
} as const;

export type DonationPaymentType = (typeof DONATION.paymentTypes)[number];
export type RecurringPeriod = (typeof DONATION.recurringPeriods)[number];
export type DonationPaymentMethod = 'credit_card' | 'boleto';

/** The catalogue key naming a period: month, semester, year. */
export const periodLabelKey = (period: number) =>
  period === 365
    ? 'kinds.donation.periodYear'
    : period === 180
      ? 'kinds.donation.periodSemester'
      : 'kinds.donation.periodMonth';

/** One offered amount: its slot (1–5, what `default_donation_value` names) and whole reais. */
export interface DonationValue {
  slot: number;
  value: number;
}

const wholeReais = (raw: unknown): number => {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d+$/.test(text) ? Number(text) : 0;
};

/** The visible amounts: donation_value1–5, a value of 0 or less (or blank) hides its slot. */
export function donationValues(settings: Record<string, unknown>): DonationValue[] {
  return DONATION.valueSlots
    .map((slot) => ({ slot, value: wholeReais(settings[`donation_value${slot}`]) }))
    .filter((v) => v.value > 0);
}

/** The slot preselected: default_donation_value when it is visible, else the first visible one. */
export function defaultSlot(settings: Record<string, unknown>, values = donationValues(settings)): number | undefined {
  const wanted = Number(settings.default_donation_value ?? DONATION.defaultValueSlot);
  return values.find((v) => v.slot === wanted)?.slot ?? values[0]?.slot;
}

/** spec 02 §7: the amount sent is the chosen value with '00' appended (cents). */
export const amountInCents = (value: number) => Math.round(value) * 100;

/** Whether a payment type lets the visitor pay by boleto: only unique donations, and only when payment_methods is on. */
export const boletoAllowed = (settings: Record<string, unknown>, recurring: boolean) =>
  !recurring && String(settings.payment_methods) === 'true';

/** Whole days from `today` to the goal's last day (both calendar days), or undefined without a valid date. */
export function daysLeft(goalDateLimit: unknown, today: Date): number | undefined {
  const date = parseBrazilianDate(goalDateLimit);
  if (!date) return undefined;
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((date.getTime() - start) / 86_400_000);
}

/** spec 02 §9 goal countdown: 0 'ultimo dia'; 1–6 'ultimos dias'; 7 'ultima semana'; more 'faltam N dias'. */
export function countdownKey(days: number): { key: string; days: number } | undefined {
  if (days < 0) return undefined;
  if (days === 0) return { key: 'kinds.donation.countdownLastDay', days };
  if (days <= 6) return { key: 'kinds.donation.countdownLastDays', days };
  if (days === 7) return { key: 'kinds.donation.countdownLastWeek', days };
  return { key: 'kinds.donation.countdownDaysLeft', days };
}

/** spec 02 §9 progress: the bar's width is capped at 100; its label shows only above 5 percent. */
export function goalProgress(pledgedCents: number, goalCents: number) {
  const percent = goalCents > 0 ? (pledgedCents / goalCents) * 100 : 0;
  return { percent, width: Math.min(100, percent), showLabel: percent > DONATION.progress.labelAbovePercent };
}

/** 'DD/MM/AAAA' as a UTC date, or undefined when it is not that shape or not a real date (31/02). */
export function parseBrazilianDate(raw: unknown): Date | undefined {
  const match = typeof raw === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw.trim()) : null;
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : undefined;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** A CPF's two check digits (mod 11), all-same digits refused. */
export function isValidCpf(raw: string): boolean {
  const cpf = digitsOf(raw);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

/** A CNPJ's two check digits (weights 5…2, 9…2), all-same digits refused. */
export function isValidCnpj(raw: string): boolean {
  const cnpj = digitsOf(raw);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  const check = (length: number) => {
    let sum = 0;
    let weight = length - 7;
    for (let i = 0; i < length; i++) {
      sum += Number(cnpj[i]) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(cnpj[12]) && check(13) === Number(cnpj[13]);
}

/** A CPF (11 digits) or a CNPJ (14 digits), each with its checksum. */
export const isValidDocument = (raw: string) => {
  const digits = digitsOf(raw);
  return digits.length === 11 ? isValidCpf(digits) : digits.length === 14 ? isValidCnpj(digits) : false;
};

export { digitsOf };
