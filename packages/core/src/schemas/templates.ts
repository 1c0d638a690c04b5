import { z } from 'zod';
import { LIMITS } from '../limits';
import { msg } from '../messages';

const required = msg('templatesApi.required');

/** `POST /templates {name, goal, mobilization_id, global}`: a snapshot of a mobilization (spec 01 §5). */
export const templateCreateSchema = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(LIMITS.mobilizationNameMax, msg('validation.tooLong', { max: LIMITS.mobilizationNameMax })),
  goal: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(LIMITS.mobilizationGoalMax, msg('validation.tooLong', { max: LIMITS.mobilizationGoalMax })),
  mobilization_id: z.number({ error: required }).int().positive().max(LIMITS.idMax),
  global: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;
export type TemplateCreateData = z.output<typeof templateCreateSchema>;

/** Choosing a template for a mobilization: `{template_mobilization_id}`. */
export const templateApplySchema = z.object({
  template_mobilization_id: z
    .number({ error: msg('templatesApi.templateRequired') })
    .int()
    .positive()
    .max(LIMITS.idMax),
});
export type TemplateApplyInput = z.input<typeof templateApplySchema>;
