import type { FormEntryField, Locale } from '@mutirao/core';
import { upsertActivist } from '../../activists/upsert';
import type { AppContext } from '../../context';
import { formEntries, type Widget } from '../../db/schema';
import { queueThankYouMail } from '../autofire';
import { formEntriesCount } from '../counters';
import { activistFromEntry } from './activist';

export interface FormEntrySubmission {
  mobilizationId: number;
  communityId: number;
  widget: Widget;
  fields: FormEntryField[];
  /** The page's language, for the e-mail's rendering. */
  locale: Locale;
  /** The page's address, for absolute links and images in the e-mail. */
  baseUrl: string;
}

/**
 * Stores a checked form entry in one transaction: the activist upserted by e-mail within the community, the entry,
 * and the thank-you e-mail in the outbox when the widget has one. Either all of it is committed or none of it is.
 * Returns the entry and the widget's count including it. The e-mail's job is queued after commit; if that fails the
 * minute sweep sends it, so the visitor's answer never depends on it.
 */
export async function submitFormEntry(ctx: AppContext, submission: FormEntrySubmission) {
  const { widget } = submission;
  const activist = activistFromEntry(submission.fields);
  const result = await ctx.db.transaction(async (tx) => {
    const activistId = activist ? await upsertActivist(tx, submission.communityId, activist) : null;
    const [entry] = await tx
      .insert(formEntries)
      .values({
        widgetId: widget.id,
        mobilizationId: submission.mobilizationId,
        activistId,
        fields: submission.fields as unknown as Record<string, unknown>[],
      })
      .returning({ id: formEntries.id, createdAt: formEntries.createdAt });
    if (!entry) throw new Error('form entry insert returned nothing');
    const outboxId = activist
      ? await queueThankYouMail(tx, {
          widget,
          communityId: submission.communityId,
          to: activist.email,
          idempotencyKey: `form-entry-${entry.id}-thank-you`,
          kind: 'form-thank-you',
          locale: submission.locale,
          baseUrl: submission.baseUrl,
        })
      : undefined;
    return { entry, outboxId, count: await formEntriesCount(tx, widget.id) };
  });
  await ctx.mailer.dispatch(result.outboxId).catch((error: unknown) => {
    console.error('[form entries] thank-you e-mail left to the sweep:', error);
  });
  return { entry: result.entry, count: result.count };
}
