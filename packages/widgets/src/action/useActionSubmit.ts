import { type Locale, translate } from '@mutirao/core/i18n';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldHolder, inputValue, type Revealable, reveal } from '../browser';
import type { RenderMode } from '../types';
import { challengeHeaders, isChallengeRefusal, requireChallenge } from './challenge';

/** What the server said to an action: accepted (with the widget's new count), or refused with its messages. */
export type ActionResult =
  | { ok: true; count?: number; answer?: Record<string, unknown> }
  | {
      ok: false;
      /** Messages by field, already in the page's language. */
      fields: Record<string, string>;
      /** Messages that belong to no field (the request failed, the page is gone, too many tries). */
      messages: string[];
    };

/**
 * Posts a visitor's action as JSON, with the page's language in Accept-Language so the server's messages match the
 * page, and reads the answer: `count` (or `countKey`) on success; `{errors}` split into the fields in `known` and the
 * rest. `failed` is the text for a network error, a 5xx or an answer that is not JSON.
 */
export async function postAction(
  url: string,
  body: unknown,
  options: {
    locale: Locale;
    failed: string;
    known: ReadonlySet<string>;
    countKey?: string;
    /** The acting widget: its anti-spam solution goes in `x-altcha` when its page requires one (`challenge.ts`). */
    widgetId?: number;
  },
): Promise<ActionResult> {
  let response: Response;
  const send = async () =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': options.locale,
        ...(await challengeHeaders(options.widgetId)),
      },
      body: JSON.stringify(body),
    });
  try {
    response = await send();
    // The page requires the challenge now (it switched on by itself, or the solution expired): solve, send once more.
    if (response.status === 403 && options.widgetId !== undefined) {
      if (
        isChallengeRefusal(
          await response
            .clone()
            .json()
            .catch(() => undefined),
        )
      ) {
        requireChallenge(options.widgetId);
        response = await send();
      }
    }
  } catch {
    return { ok: false, fields: {}, messages: [options.failed] };
  }
  const answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (response.ok) {
    const count = answer?.[options.countKey ?? 'count'];
    return { ok: true, count: typeof count === 'number' ? count : undefined, answer };
  }
  const errors = answer?.errors;
  if (Array.isArray(errors)) return { ok: false, fields: {}, messages: errors.map(String) };
  if (!errors || typeof errors !== 'object' || response.status >= 500)
    return { ok: false, fields: {}, messages: [options.failed] };
  const result: Extract<ActionResult, { ok: false }> = { ok: false, fields: {}, messages: [] };
  for (const [key, value] of Object.entries(errors)) {
    const text = (Array.isArray(value) ? value : [value]).map(String).join(' ');
    if (options.known.has(key)) result.fields[key] = text;
    else result.messages.push(text);
  }
  return result;
}

/**
 * Focuses the first field marked invalid in `form`, or else the error summary (a message that belongs to no field).
 * The field's `aria-describedby` reads its message.
 */
export function revealFirstError(form: FieldHolder | null | undefined, summary: { current: Revealable | null }) {
  reveal(() => form?.querySelector('[aria-invalid="true"]') ?? summary.current);
}

/**
 * The submit flow every action widget shares: refused locally (show every error, focus the first invalid field),
 * sending, accepted (the new count, the done screen focused and scrolled below the navbar) or refused by the server
 * (its messages, the first invalid field or the summary focused). `send` gets the honeypot's value and the failure
 * text and makes the request.
 */
export function useActionSubmit(options: {
  mode: RenderMode;
  locale: Locale;
  initialCount: number;
  blocked: boolean;
  send(website: string, failed: string): Promise<ActionResult>;
}) {
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; messages: string[] }>();
  const [status, setStatus] = useState<'idle' | 'sending' | 'done'>('idle');
  const [count, setCount] = useState(options.initialCount);
  const website = useRef<HTMLInputElement>(null);
  const summary = useRef<HTMLDivElement & Revealable>(null);
  const done = useRef<HTMLDivElement & Revealable>(null);
  useEffect(() => setCount(options.initialCount), [options.initialCount]);
  useEffect(() => {
    if (status === 'done') reveal(() => done.current);
  }, [status]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget as unknown as FieldHolder;
    if (options.mode !== 'public' || status === 'sending') return;
    if (options.blocked) {
      setShowAll(true);
      revealFirstError(form, summary);
      return;
    }
    setStatus('sending');
    setServer(undefined);
    const result = await options.send(inputValue(website.current), translate(options.locale, 'formView.requestFailed'));
    if (result.ok) {
      if (result.count !== undefined) setCount(result.count);
      setStatus('done');
      return;
    }
    setServer({ fields: result.fields, messages: result.messages });
    setStatus('idle');
    revealFirstError(form, summary);
  };
  /** Clears the server's message for a field the visitor changes. */
  const clearServerError = (field: string) =>
    setServer((s) => (s?.fields[field] ? { ...s, fields: { ...s.fields, [field]: '' } } : s));

  return { showAll, server, status, count, setCount, website, summary, done, onSubmit, clearServerError };
}
