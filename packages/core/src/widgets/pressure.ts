import { z } from 'zod';
import { msg } from '../messages';
import { actionAdjustSchema } from './action';
import { EMAIL_PATTERN } from './actionRules';
import {
  formatTarget,
  PRESSURE_BODY_MAX,
  PRESSURE_CC_MAX,
  PRESSURE_NAME_MAX,
  PRESSURE_SUBJECT_MAX,
  type PressureTarget,
  parseTarget,
  type TargetChannel,
  targetLineProblem,
} from './pressureRules';

/** The pressure widgets' schemas; the plain rules (`pressureRules.ts`) are zod-free for the public island bundle. */
export * from './pressureRules';

/** `settings.targets` as saved: every line valid, no duplicates, the kind's channel, stored as a list of lines. */
const targetsSetting = (channel: TargetChannel) =>
  z.union([z.array(z.string()), z.string()], { error: msg('kinds.pressure.targetInvalid') }).transform((value, ctx) => {
    const lines = (typeof value === 'string' ? value.split(/[;\r\n]+/) : value).filter((l) => l.trim() !== '');
    const targets: PressureTarget[] = [];
    for (const line of lines) {
      const problem = targetLineProblem(line, targets, channel);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      targets.push(parseTarget(line) as PressureTarget);
    }
    return targets.map(formatTarget);
  });

const yesNo = <T extends string>(values: readonly [T, ...T[]], fallback: T) =>
  z
    .enum(values)
    .nullish()
    .transform((v) => v ?? fallback);

/** Ajustes of a pressure widget: the shared ones, plus show_city and disable_edit_field (spec 02 §3). */
export const pressureAdjustSchema = actionAdjustSchema.extend({
  show_city: yesNo(['city-true', 'city-false'], 'city-false'),
  disable_edit_field: yesNo(['s', 'n'], 'n'),
});

const requiredText = (max: number, required: Parameters<typeof msg>[0]) =>
  z
    .string({ error: msg(required) })
    .trim()
    .min(1, msg(required))
    .max(max, msg('validation.tooLong', { max }));

/** E-mail para alvo: the e-mail targets, and the subject and body, required (spec 02 §5). */
export const pressureEmailSchema = z.object({
  targets: targetsSetting('email'),
  pressure_subject: requiredText(PRESSURE_SUBJECT_MAX, 'kinds.pressure.subjectRequired'),
  pressure_body: requiredText(PRESSURE_BODY_MAX, 'kinds.pressure.bodyRequired'),
});

/** Alvos of a phone pressure: the numbers to call, and nothing to write (spec 02 §5: no subject or body). */
export const pressurePhoneSchema = z.object({ targets: targetsSetting('phone') });

/** The fill's wire shape, checked on the server before `validatePressureFill`. */
export const pressureFillSchema = z.object({
  activist: z.object({
    firstname: z
      .string()
      .max(PRESSURE_NAME_MAX, msg('validation.tooLong', { max: PRESSURE_NAME_MAX }))
      .default(''),
    lastname: z
      .string()
      .max(PRESSURE_NAME_MAX, msg('validation.tooLong', { max: PRESSURE_NAME_MAX }))
      .default(''),
    email: z
      .string()
      .max(254, msg('validation.tooLong', { max: 254 }))
      .default(''),
    city: z
      .string()
      .max(PRESSURE_NAME_MAX, msg('validation.tooLong', { max: PRESSURE_NAME_MAX }))
      .nullish(),
  }),
  mail: z.object({
    cc: z
      .array(z.string().trim().regex(EMAIL_PATTERN, msg('kinds.pressure.emailInvalid')))
      .max(PRESSURE_CC_MAX)
      .default([]),
    subject: z
      .string()
      .max(PRESSURE_SUBJECT_MAX, msg('validation.tooLong', { max: PRESSURE_SUBJECT_MAX }))
      .default(''),
    body: z
      .string()
      .max(PRESSURE_BODY_MAX, msg('validation.tooLong', { max: PRESSURE_BODY_MAX }))
      .default(''),
  }),
});
