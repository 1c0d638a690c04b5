import { z } from 'zod';
import type { Locale } from '../i18n';
import { msg } from '../messages';
import { actionAdjustSchema, autofireSchema, finishSchema } from './action';
import { contentDefaults, donationDefaults, formDefaults, phonePressureDefaults, pressureDefaults } from './defaults';
import { donationAdjustSchema, donationDataSchema, donationGoalCents, donationSettingsProblems } from './donation';
import { formFieldsSchema, serializeFormFields } from './form';
import type { WidgetKind } from './kinds';
import { pressureAdjustSchema, pressureEmailSchema, pressurePhoneSchema } from './pressure';

/** One schema per settings key; a kind's settings tabs each save a group of these keys. */
export type SettingSchemas = Record<string, z.ZodType>;

/**
 * What core knows of a kind, shared by the server (which checks saves with it) and the admin app (whose settings
 * tabs validate with the same schemas). A kind's interface text is its own catalogue section (`kindMessages.ts`).
 */
export interface WidgetKindDefinition {
  /** The settings keys the server checks. Keys without a schema are stored as they are. */
  settings: SettingSchemas;
  /**
   * Rules across keys, or against the stored settings (`previous`), run after every key passed its own: messages by
   * settings key. A kind without them has none.
   */
  check?(settings: Record<string, unknown>, previous: Record<string, unknown>): Record<string, string>;
  /** The widget's `goal` column (integer cents), derived from its settings on every save; kinds without it keep null. */
  goal?(settings: Record<string, unknown>): number | null;
  /** Its settings when the organiser picks the kind, in the page's language (`defaults.ts`); none without it. */
  defaults?(locale: Locale): Record<string, unknown>;
}

/**
 * `settings.fields`: the field editor's list, stored as a JSON string (spec 02 §3). An array is accepted too and
 * stored as the string the widget reads.
 */
const formFieldsSetting = z
  .unknown()
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: msg('formWidget.fieldsInvalid') });
      return z.NEVER;
    }
  })
  .pipe(formFieldsSchema)
  .transform(serializeFormFields);

/** Kinds that arrive with a later part of the product: nothing is checked yet. */
const unchecked: WidgetKindDefinition = { settings: {} };

/** Every kind, exhaustively: a new kind must say here what its settings are. */
export const WIDGET_KIND_DEFINITIONS = {
  draft: { settings: {} },
  // The rich text is parsed defensively wherever it is read (`parseContent`), in any of its historic shapes.
  content: { settings: {}, defaults: contentDefaults },
  form: {
    // Ajustes, thank-you e-mail, finish message and the field list.
    settings: {
      ...actionAdjustSchema.shape,
      ...autofireSchema.shape,
      ...finishSchema.shape,
      fields: formFieldsSetting,
    },
    defaults: formDefaults,
  },
  // Ajustes, E-mail para alvo, the thank-you e-mail and Pós-pressão.
  pressure: {
    settings: {
      ...pressureAdjustSchema.shape,
      ...pressureEmailSchema.shape,
      ...autofireSchema.shape,
      ...finishSchema.shape,
    },
    defaults: pressureDefaults,
  },
  // Ajustes, Alvos (the numbers to call) and Pós-pressão: no letter and no thank-you e-mail (spec 02 §2, §5).
  'pressure-phone': {
    settings: { ...pressureAdjustSchema.shape, ...pressurePhoneSchema.shape, ...finishSchema.shape },
    defaults: phonePressureDefaults,
  },
  phone: unchecked,
  // Ajustes, Dados para doação, the thank-you e-mail and Pós-doação; the goal column follows the goal setting.
  donation: {
    settings: {
      ...donationAdjustSchema.shape,
      ...donationDataSchema.shape,
      ...autofireSchema.shape,
      ...finishSchema.shape,
    },
    check: (settings, previous) => donationSettingsProblems(settings, previous),
    goal: donationGoalCents,
    defaults: donationDefaults,
  },
  plip: unchecked,
  // spec 02 §3 "Calculator: No validation": the figures are computed from what the visitor types.
  busao0800: { settings: {} },
} as const satisfies Record<WidgetKind, WidgetKindDefinition>;

/** The settings a widget starts with when it becomes `kind`, in the page's language. */
export function widgetDefaults(kind: WidgetKind, locale: Locale): Record<string, unknown> {
  const definition: WidgetKindDefinition = WIDGET_KIND_DEFINITIONS[kind];
  return definition.defaults?.(locale) ?? {};
}
