import { randomUUID } from 'node:crypto';
import type { FormEntryField, Locale } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { type ConsentShown, consentInsertQuery } from '../../activists/consent';
import { activistUpsertQuery } from '../../activists/upsert';
import type { AppContext } from '../../context';
import { formEntries, type Widget, widgetCounters } from '../../db/schema';
import { queueMailQuery } from '../../mail/outbox';
import { mailchimpQueueQuery } from '../../mailing/sync';
import { thankYouMail } from '../autofire';
import { pageAtVersion } from '../visitor';
import { activistFromEntry } from './activist';

export interface FormEntrySubmission {
  mobilizationId: number;
  /** The page version the widget was checked at: the write fails with `isStalePage` if the page moved on since. */
  pageVersion: number;
  communityId: number;
  widget: Widget;
  fields: FormEntryField[];
  /** The page's language, for the e-mail's rendering. */
  locale: Locale;
  /** The page's address, for absolute links and images in the e-mail. */
  baseUrl: string;
  /** The consent notice the page showed, stored with the entry. */
  consent: ConsentShown;
}

interface Written {
  id: number;
  created_at: Date | string;
  outbox_id: number | null;
  mailchimp_queued: boolean;
  count: number | string;
}

/**
 * Stores a checked form entry: the activist upserted by e-mail within the community, the entry, and the thank-you
 * e-mail in the outbox when the widget has one, and the entry in the Mailchimp queue when the community syncs. All of it is one statement (data-modifying CTEs), so it is atomic
 * without a transaction block and costs one round trip, which matters most on the embedded database, where every
 * query waits its turn. Returns the entry and the widget's count including it (as this statement saw it). The
 * e-mail's job is queued after commit; if that fails the minute sweep sends it, so the answer never depends on it.
 */
export async function submitFormEntry(ctx: AppContext, submission: FormEntrySubmission) {
  const { widget } = submission;
  const activist = activistFromEntry(submission.fields);
  const mail = activist
    ? thankYouMail({
        widget,
        communityId: submission.communityId,
        to: activist.email,
        // Not the entry id, which the statement has not made yet: any key unique to this submission will do.
        idempotencyKey: `form-entry-${randomUUID()}-thank-you`,
        kind: 'form-thank-you',
        locale: submission.locale,
        baseUrl: submission.baseUrl,
      })
    : undefined;
  const entry = ctx.db
    .insert(formEntries)
    .values({
      widgetId: widget.id,
      mobilizationId: pageAtVersion({ mobilizationId: submission.mobilizationId, version: submission.pageVersion }),
      activistId: activist ? sql`(select id from activist)` : null,
      fields: submission.fields as unknown as Record<string, unknown>[],
    })
    .returning({ id: formEntries.id, createdAt: formEntries.createdAt });
  const ctes: SQL[] = [
    ...(activist ? [sql`activist as (${activistUpsertQuery(submission.communityId, activist)})`] : []),
    sql`entry as (${entry.getSQL()})`,
    ...(mail ? [sql`mail as (${queueMailQuery(ctx.db, mail).getSQL()})`] : []),
    ...(activist
      ? [
          sql`consent as (${consentInsertQuery({
            consent: submission.consent,
            communityId: submission.communityId,
            mobilizationId: submission.mobilizationId,
            widgetId: widget.id,
            source: 'form_entries',
            activistId: sql`(select id from activist)`,
            actionId: sql`(select id from entry)`,
          })})`,
        ]
      : []),
    ...(activist
      ? [
          sql`mailchimp as (${mailchimpQueueQuery(submission.communityId, 'F', {
            action: sql`(select id from entry)`,
            activist: sql`(select id from activist)`,
            widget: widget.id,
            mobilization: submission.mobilizationId,
          })})`,
        ]
      : []),
  ];
  // The counter triggers run at the end of the statement, so the count it sees is the one before this entry.
  const result = (await ctx.db.execute(sql`
    with ${sql.join(ctes, sql`, `)}
    select entry.id, entry.created_at, ${mail ? sql`(select id from mail)` : sql`null`} as outbox_id,
      ${activist ? sql`exists (select 1 from mailchimp)` : sql`false`} as mailchimp_queued,
      (select coalesce(sum(${widgetCounters.actions}), 0) + 1 from ${widgetCounters}
        where ${widgetCounters.widgetId} = ${widget.id}) as count
    from entry`)) as unknown as { rows: Written[] };
  const row = result.rows[0];
  if (!row) throw new Error('form entry insert returned nothing');
  await ctx.mailer.dispatch(row.outbox_id ?? undefined).catch((error: unknown) => {
    console.error('[form entries] thank-you e-mail left to the sweep:', error);
  });
  if (row.mailchimp_queued) await ctx.mailing.nudge(submission.communityId);
  return { entry: { id: Number(row.id), createdAt: new Date(row.created_at) }, count: Number(row.count) };
}
