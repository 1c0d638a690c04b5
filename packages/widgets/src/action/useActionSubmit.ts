import { type Locale, translate } from '@mutirao/core/i18n';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldHolder, inputValue, type Revealable, reveal } from '../browser';
import type { RenderMode } from '../types';
import { challengeHeaders, isChallengeRefusal, requireChallenge } from './challenge';
import { newIdempotencyKey, useRetryingSend } from './retry';

/** What the server said to an action: accepted (with the widget's new count), or refused with its messages. */
export type ActionResult =
  | { ok: true; count?: number; answer?: Record<string, unknown> }
  | {
      ok: false;
      /** Messages by field, already in the page's language. */
      fields: Record<string, string>;
      /** Messages that belong to no field (the request failed, the page is gone, too many tries). */
      messages: string[];
      /**
       * The request got no answer worth keeping (no network, a timeout, a 5xx, the first try still under way): the
       * same request may be sent again with the same key (`retry.ts`).
       */
      retry?: boolean;
    };

/** How long a submission waits for its answer before it counts as lost and is sent again. */
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * Posts a visitor's action as JSON, with the page's language in Accept-Language so the server's messages match the
 * page, and `key` in the `Idempotency-Key` header; reads the answer: `count` (or `countKey`) on success; `{errors}`
 * split into the fields in `known` and the rest. `failed` is the text for a network error, a timeout, a 5xx or an
 * answer that is not JSON, which are marked `retry`.
 */
export async function postAction(
  url: string,
  body: unknown,
  options: {
    locale: Locale;
    failed: string;
    known: ReadonlySet<string>;
    countKey?: string;
    /** The submission's idempotency key, the same on each of its retries (`retry.ts`). */
    key?: string;
    /** The acting widget: its anti-spam solution goes in `x-altcha` when its page requires one (`challenge.ts`). */
    widgetId?: number;
  },
): Promise<ActionResult> {
  const lost: ActionResult = { ok: false, fields: {}, messages: [options.failed], retry: true };
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), ANSWER_TIMEOUT_MS);
  const send = async () =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': options.locale,
        ...(options.key && { 'idempotency-key': options.key }),
        ...(await challengeHeaders(options.widgetId)),
      },
      body: JSON.stringify(body),
      signal: timeout.signal,
    });
  let response: Response;
  let answer: Record<string, unknown> | undefined;
  try {
    response = await send();
    // The page requires the challenge now (it switched on by itself, or the solution expired): solve, send once more.
    // A refused request keeps no idempotent answer, so the same key goes again.
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
    answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  } catch {
    return lost;
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) {
    const count = answer?.[options.countKey ?? 'count'];
    return { ok: true, count: typeof count === 'number' ? count : undefined, answer };
  }
  // The first try with this key is still under way (409 with Retry-After): its answer comes on the next try.
  if (response.status >= 500 || (response.status === 409 && response.headers.has('retry-after'))) return lost;
  const errors = answer?.errors;
  if (Array.isArray(errors)) return { ok: false, fields: {}, messages: errors.map(String) };
  if (!errors || typeof errors !== 'object') return { ok: false, fields: {}, messages: [options.failed] };
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
 * (its messages, the first invalid field or the summary focused). `send` gets the honeypot's value, the failure
 * text and the submission's idempotency key, and makes the request. A request that got no answer is sent again, the
 * same, until it does (`retry.ts`: `retry` says a retry is pending); submitting meanwhile sends it at once.
 */
export function useActionSubmit(options: {
  mode: RenderMode;
  locale: Locale;
  initialCount: number;
  blocked: boolean;
  send(website: string, failed: string, key: string): Promise<ActionResult>;
}) {
  const retrying = useRetryingSend();
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
    if (options.mode !== 'public') return;
    if (status === 'sending') {
      retrying.retryNow();
      return;
    }
    if (options.blocked) {
      setShowAll(true);
      revealFirstError(form, summary);
      return;
    }
    setStatus('sending');
    setServer(undefined);
    // One key and one body for this submission and all its retries.
    const key = newIdempotencyKey();
    const honeypot = inputValue(website.current);
    const failed = translate(options.locale, 'formView.requestFailed');
    const result = await retrying.run(() => options.send(honeypot, failed, key));
    if (!result) return;
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

  return {
    showAll,
    server,
    status,
    count,
    setCount,
    website,
    summary,
    done,
    onSubmit,
    clearServerError,
    retry: retrying.state,
    retryNow: retrying.retryNow,
  };
}
