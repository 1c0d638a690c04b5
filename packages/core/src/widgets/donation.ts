import { z } from 'zod';
import { msg } from '../messages';
import { actionAdjustSchema } from './action';
import { CALL_TO_ACTION_MAX } from './actionRules';
import { validateCard, validateChargeDate } from './donationCheckout';
import { DONATION, donationValues, parseBrazilianDate } from './donationRules';

/** The donation widget's settings schemas; the plain rules (`donationRules.ts`) are zod-free for the island. */
export * from './donationRules';

/** Whole reais per offered amount: its cents must fit the integer `donations.amount` with room to spare. */
export const DONATION_VALUE_MAX = 1_000_000;
/** Whole reais of a goal: `widgets.goal` holds cents in a 32-bit integer. */
export const DONATION_GOAL_MAX = 20_000_000;

/** The keys of the Dados para doação tab, in the order the screen shows them. */
export const DONATION_DATA_KEYS = [
  'payment_type',
  'recurring_period',
  'donation_value1',
  'donation_value2',
  'donation_value3',
  'donation_value4',
  'donation_value5',
  'default_donation_value',
  'goal',
  'goal_date_limit',
  'payment_methods',
] as const;

/** A setting typed in a text box, or sent as a number by an API script; blank is '' (then the key is dropped). */
const typed = z.union([z.string(), z.number()]).nullish();
const asText = (v: string | number | null | undefined) => (v == null ? '' : String(v).trim());

/** Ajustes (spec 02 §5 "Adjust forms"), with the donation's own main colour by default (spec 02 §9). */
export const donationAdjustSchema = actionAdjustSchema.extend({
  main_color: actionAdjustSchema.shape.main_color.transform((v) => v ?? DONATION.mainColor),
  /**
   * The older name of the widget's title (spec 02 §3 "call_to_action or title_text"); the Ajustes tab saves it equal
   * to call_to_action, so whichever a reader prefers says the same.
   */
  title_text: z
    .string()
    .trim()
    .max(CALL_TO_ACTION_MAX, msg('validation.tooLong', { max: CALL_TO_ACTION_MAX }))
    .nullish()
    .transform((v) => v || undefined),
});

/** donation_value1–5: digits only ('Inválido.'); blank drops the key and 0 keeps it, both hide the slot (§5). */
const valueSetting = typed.transform((value, ctx) => {
  const text = asText(value);
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: msg('kinds.donation.valueInvalid') });
    return z.NEVER;
  }
  if (Number(text) > DONATION_VALUE_MAX) {
    ctx.addIssue({ code: 'custom', message: msg('kinds.donation.valueTooLarge') });
    return z.NEVER;
  }
  return String(Number(text));
});

/** One of a fixed list of numbers, typed as text by a radio or sent as a number; stored as the number. */
const choice = <T extends number>(values: readonly T[], fallback: T, message: Parameters<typeof msg>[0]) =>
  typed.transform((value, ctx): T => {
    const text = asText(value);
    if (text === '') return fallback;
    const found = values.find((v) => String(v) === text);
    if (found === undefined) {
      ctx.addIssue({ code: 'custom', message: msg(message) });
      return z.NEVER;
    }
    return found;
  });

/** payment_type: one of the spec's strings; unset is 'unique' (spec 02 §9). */
function choiceOf<T extends string>(values: readonly [T, ...T[]], fallback: T, message: Parameters<typeof msg>[0]) {
  return z
    .enum(values, { error: msg(message) })
    .nullish()
    .transform((v) => v ?? fallback);
}

/**
 * goal: reais, digits with up to two decimals after a comma or a dot; the comma becomes a dot on save (spec 02 §5),
 * so '1000,50' is stored as '1000.50'. The `widgets.goal` column holds the same in cents (`donationGoalCents`).
 */
const goalSetting = typed.transform((value, ctx) => {
  const text = asText(value).replace(',', '.');
  if (text === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: msg('kinds.donation.goalInvalid') });
    return z.NEVER;
  }
  if (Number(text) > DONATION_GOAL_MAX) {
    ctx.addIssue({ code: 'custom', message: msg('kinds.donation.goalTooLarge') });
    return z.NEVER;
  }
  return text;
});

/** goal_date_limit: 'DD/MM/AAAA' and a real date; that it is not past is checked with the stored value in hand. */
const goalDateSetting = z
  .string({ error: msg('kinds.donation.goalDateFormat') })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return undefined;
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: msg('kinds.donation.goalDateFormat') });
      return z.NEVER;
    }
    if (!parseBrazilianDate(value)) {
      ctx.addIssue({ code: 'custom', message: msg('kinds.donation.dateInvalid') });
      return z.NEVER;
    }
    return value;
  });

/** Dados para doação (spec 02 §3 "Donation settings", §5, §9), one schema per key as the server checks them. */
export const donationDataSchema = z.object({
  payment_type: choiceOf(DONATION.paymentTypes, DONATION.defaultPaymentType, 'kinds.donation.paymentTypeInvalid'),
  recurring_period: choice(
    DONATION.recurringPeriods,
    DONATION.defaultRecurringPeriod,
    'kinds.donation.recurringPeriodInvalid',
  ),
  donation_value1: valueSetting,
  donation_value2: valueSetting,
  donation_value3: valueSetting,
  donation_value4: valueSetting,
  donation_value5: valueSetting,
  default_donation_value: choice(DONATION.valueSlots, DONATION.defaultValueSlot, 'kinds.donation.defaultValueInvalid'),
  goal: goalSetting,
  goal_date_limit: goalDateSetting,
  /** 'true' adds boleto to the credit card (spec 02 §3). */
  payment_methods: z
    .union([z.enum(['true', 'false']), z.boolean()], { error: msg('kinds.donation.paymentMethodsInvalid') })
    .nullish()
    .transform((v): 'true' | 'false' => (v === true || v === 'true' ? 'true' : 'false')),
});
export type DonationDataInput = z.input<typeof donationDataSchema>;
export type DonationDataSettings = z.output<typeof donationDataSchema>;

const same = (a: unknown, b: unknown) => asText(a as string) === asText(b as string);

/**
 * The rules that read several keys, or the stored value too. They judge only what this save changes, so a page whose
 * deadline has passed can still have its other tabs saved:
 * - the default amount must be a visible one (spec 02 §9: a 0 hides a slot; a hidden default would preselect nothing
 *   the visitor can see), when any amount is visible;
 * - the goal's deadline must not be in the past (spec 02 §5; `today` is a UTC calendar day).
 * Returns messages by settings key.
 */
export function donationSettingsProblems(
  settings: Record<string, unknown>,
  previous: Record<string, unknown>,
  today = new Date(),
): Record<string, string> {
  const problems: Record<string, string> = {};
  const slotKeys = [...DONATION.valueSlots.map((slot) => `donation_value${slot}`), 'default_donation_value'];
  const values = donationValues(settings);
  const wanted = Number(settings.default_donation_value ?? DONATION.defaultValueSlot);
  if (
    slotKeys.some((key) => !same(settings[key], previous[key])) &&
    values.length > 0 &&
    !values.some((v) => v.slot === wanted)
  ) {
    problems.default_donation_value = msg('kinds.donation.defaultValueHidden');
  }
  const deadline = parseBrazilianDate(settings.goal_date_limit);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (deadline && !same(settings.goal_date_limit, previous.goal_date_limit) && deadline.getTime() < start) {
    problems.goal_date_limit = msg('kinds.donation.goalDatePast');
  }
  return problems;
}

/**
 * The Dados para doação tab as one form (the admin app): every key's rule, then the rules across keys against the
 * stored settings, each message on its field. Those run even when a key failed (`when`), so every mistake shows at
 * once; a failed key is left out of them (its value is zod's marker), and the default is judged only when every
 * amount could be read.
 */
export const donationDataTabSchema = (previous: Record<string, unknown>, today = new Date()) =>
  donationDataSchema.superRefine(
    (data, ctx) => {
      const read = Object.fromEntries(
        Object.entries(data).filter(([, value]) => value === null || typeof value !== 'object'),
      );
      const failed = (key: string) => key in data && !(key in read);
      const amountsRead = ![
        ...DONATION.valueSlots.map((slot) => `donation_value${slot}`),
        'default_donation_value',
      ].some(failed);
      for (const [key, message] of Object.entries(donationSettingsProblems(read, previous, today))) {
        if (key === 'default_donation_value' && !amountsRead) continue;
        ctx.addIssue({ code: 'custom', message, path: [key] });
      }
    },
    { when: () => true },
  );

/** `widgets.goal`: the goal setting ('1000.50' reais) in integer cents (100050), or null without a goal. */
export function donationGoalCents(settings: Record<string, unknown>): number | null {
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(asText(settings.goal as string));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The donor's new card on the manage page (spec 01 §5 "Credit card"): core's `validateCard`, each message on its
 * field. The card never leaves the browser: only the token made from it does.
 */
export const cardFormSchema = z
  .object({ number: z.string(), name: z.string(), expiration: z.string(), cvv: z.string() })
  .superRefine((card, ctx) => {
    for (const [key, message] of Object.entries(validateCard(card)))
      ctx.addIssue({ code: 'custom', message, path: [key] });
  });
export type CardForm = z.input<typeof cardFormSchema>;

/** The next charge date on the manage page: required, DD/MM/YYYY, today or later (spec 01 §5 "Renewal date"). */
export const chargeDateFormSchema = z.object({ process_at: z.string() }).superRefine((value, ctx) => {
  const message = validateChargeDate(value.process_at);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['process_at'] });
});
