import { randomUUID } from 'node:crypto';
import type { FormEntryField, Locale } from '@mutirao/core';
import type { ConsentShown } from '../../activists/consent';
import { completeName } from '../../activists/upsert';
import type { AppContext } from '../../context';
import type { Widget } from '../../db/schema';
import { thankYouMail } from '../autofire';
import { activistFromEntry } from './activist';
import { formEntryWriter } from './groupCommit';

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
  /** The embedding site's origin when the widget is embedded on another site (`embeds/cors.ts`). */
  origin?: string;
}

/**
 * Stores a checked form entry: the activist upserted by e-mail within the community, the entry, its consent notice,
 * the thank-you e-mail in the outbox when the widget has one, and the entry in the Mailchimp queue when the community
 * syncs. Entries that arrive together are written together, in one statement (`formEntryWriter`, group commit):
 * atomic, and this call returns only once this entry's row is committed. Returns the entry and the widget's count
 * including it (as its statement saw it). The e-mail is relayed after commit; if that fails the minute sweep sends
 * it, so the answer never depends on it.
 */
export async function submitFormEntry(ctx: AppContext, submission: FormEntrySubmission) {
  const { widget, consent } = submission;
  const found = activistFromEntry(submission.fields);
  const activist = found ? completeName(found) : undefined;
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
  const written = await formEntryWriter(ctx.database, ctx.config.formEntryWriters).write({
    community_id: submission.communityId,
    widget_id: widget.id,
    mobilization_id: submission.mobilizationId,
    version: submission.pageVersion,
    fields: submission.fields,
    email: activist?.email ?? null,
    name: activist?.name ?? null,
    first_name: activist?.firstName ?? null,
    last_name: activist?.lastName ?? null,
    phone: activist?.phone ?? null,
    city: activist?.city ?? null,
    mail_key: mail?.idempotencyKey ?? null,
    mail_kind: mail?.kind ?? null,
    mail_to: mail?.to ?? null,
    mail_from: mail?.from ?? null,
    mail_subject: mail?.subject ?? null,
    mail_text: mail?.text ?? null,
    mail_html: mail?.html ?? null,
    consent_text: consent.text,
    consent_url: consent.pageUrl,
    consent_locale: consent.locale,
    origin: submission.origin ?? null,
  });
  await ctx.mailer.dispatch(written.outboxId).catch((error: unknown) => {
    console.error('[form entries] thank-you e-mail left to the sweep:', error);
  });
  for (const communityId of written.mailchimpCommunities) await ctx.mailing.nudge(communityId);
  return { entry: { id: written.id, createdAt: written.createdAt }, count: written.count };
}
