import { isAutofireConfigured, type Locale } from '@mutirao/core';
import type { Db, Tx } from '../db/client';
import { queueMail } from '../mail/outbox';
import { type MailBody, richTextMailBody } from '../mail/richText';

/** The widget as the thank-you e-mail needs it. */
export interface AutofireWidget {
  id: number;
  settings: Record<string, unknown>;
  updatedAt: Date;
}

/**
 * `"Sender Name" <sender@example.org>`: the name quoted (it may hold commas or quotes), line breaks removed so a
 * name can never add a header.
 */
export function senderAddress(name: unknown, email: string): string {
  const clean = typeof name === 'string' ? name.replace(/[\r\n]+/g, ' ').trim() : '';
  return clean ? `"${clean.replace(/["\\]/g, '\\$&')}" <${email}>` : email;
}

/*
 * Rendering the rich text costs far more than the rest of a submission, and the text only changes when the widget
 * is saved: bodies are kept per widget version (its updated_at) and page address. Bounded, oldest first out.
 */
const bodies = new Map<string, MailBody>();
const BODIES_MAX = 200;

function bodyOf(widget: AutofireWidget, locale: Locale, baseUrl: string): MailBody {
  const key = `${widget.id}:${widget.updatedAt.getTime()}:${locale}:${baseUrl}`;
  let body = bodies.get(key);
  if (!body) {
    body = richTextMailBody(widget.settings.email_text, locale, baseUrl);
    bodies.set(key, body);
    if (bodies.size > BODIES_MAX) bodies.delete(bodies.keys().next().value as string);
  }
  return body;
}

/**
 * Queues the thank-you e-mail of an action widget (form, pressure, donation: spec 02 §3 "Autofire e-mail settings")
 * in the caller's transaction, so it exists exactly when the action does. Only when the widget has a sender, a
 * subject and a text (`isAutofireConfigured`). From is `sender_name <sender_email>`; the body is the rich text as
 * HTML plus a plain-text part. The idempotency key (one per action) means a retried action or job never mails twice.
 * Returns the outbox id to dispatch after commit, or undefined when nothing was queued.
 */
export async function queueThankYouMail(
  tx: Db | Tx,
  options: {
    widget: AutofireWidget;
    communityId: number;
    to: string;
    idempotencyKey: string;
    kind: string;
    locale: Locale;
    baseUrl: string;
  },
): Promise<number | undefined> {
  const { widget } = options;
  if (!isAutofireConfigured(widget.settings)) return undefined;
  const body = bodyOf(widget, options.locale, options.baseUrl);
  return queueMail(tx, {
    idempotencyKey: options.idempotencyKey,
    kind: options.kind,
    to: options.to,
    from: senderAddress(widget.settings.sender_name, String(widget.settings.sender_email).trim()),
    subject: String(widget.settings.email_subject)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    text: body.text,
    html: body.html,
    communityId: options.communityId,
  });
}
