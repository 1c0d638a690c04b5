import { isAutofireConfigured, type Locale } from '@mutirao/core';
import { LRUCache } from 'lru-cache';
import type { Db, Tx } from '../db/client';
import { type QueuedMail, queueMail } from '../mail/outbox';
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
 * is saved: bodies are kept per widget version (its updated_at) and page address. Bounded, least recently used out.
 */
const bodies = new LRUCache<string, MailBody>({ max: 200 });

function bodyOf(widget: AutofireWidget, locale: Locale, baseUrl: string): MailBody {
  const key = `${widget.id}:${widget.updatedAt.getTime()}:${locale}:${baseUrl}`;
  let body = bodies.get(key);
  if (!body) {
    body = richTextMailBody(widget.settings.email_text, locale, baseUrl);
    bodies.set(key, body);
  }
  return body;
}

export interface ThankYouOptions {
  widget: AutofireWidget;
  communityId: number;
  to: string;
  /** One per action: a retried action or job never mails twice. */
  idempotencyKey: string;
  kind: string;
  locale: Locale;
  baseUrl: string;
}

/**
 * The thank-you e-mail of an action widget (form, pressure, donation: spec 02 §3 "Autofire e-mail settings"), or
 * undefined when the widget has no sender, subject or text (`isAutofireConfigured`). From is
 * `sender_name <sender_email>`; the body is the rich text as HTML plus a plain-text part. Queue it in the action's
 * own transaction (`queueMail`, or `queueMailQuery` inside the action's statement), so it exists exactly when the
 * action does.
 */
export function thankYouMail(options: ThankYouOptions): QueuedMail | undefined {
  const { widget } = options;
  if (!isAutofireConfigured(widget.settings)) return undefined;
  const body = bodyOf(widget, options.locale, options.baseUrl);
  return {
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
  };
}

/** Queues `thankYouMail` in the caller's transaction; returns the outbox id to dispatch after commit, if any. */
export async function queueThankYouMail(tx: Db | Tx, options: ThankYouOptions): Promise<number | undefined> {
  const mail = thankYouMail(options);
  return mail ? queueMail(tx, mail) : undefined;
}
