import { z } from 'zod';
import { msg } from '../messages';

/** How far ahead a publication may be scheduled: a year covers any campaign calendar. */
export const SCHEDULE_MAX_DAYS = 366;

/** An instant as ISO 8601 with its offset ('2026-11-30T11:00:00.000Z'); null cancels. */
const instant = z
  .string({ error: msg('publishing.dateInvalid') })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, msg('publishing.dateInvalid'))
  .refine((s) => !Number.isNaN(Date.parse(s)), msg('publishing.dateInvalid'))
  .transform((s) => new Date(s))
  .refine((d) => d.getTime() > Date.now(), msg('publishing.inThePast'))
  .refine((d) => d.getTime() < Date.now() + SCHEDULE_MAX_DAYS * 86_400_000, msg('publishing.tooFar'))
  .nullable();

/**
 * `PUT /api/mobilizations/{id}/schedule` (issue 34): when to publish the draft ('Publicar em') and when to take the
 * page down ('Despublicar em'), each an instant in the future or null for none. A key left out keeps its schedule, so
 * the order of the two ('A despublicação precisa vir depois da publicação') is judged by the server against the
 * stored one too.
 */
export const mobilizationScheduleSchema = z.object({
  publish_at: instant.optional(),
  unpublish_at: instant.optional(),
});
export type MobilizationScheduleData = z.output<typeof mobilizationScheduleSchema>;
