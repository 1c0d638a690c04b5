import { createHmac } from 'node:crypto';
import pRetry, { AbortError } from 'p-retry';
import { type BotMessage, type BotPage, type ChatbotDriver, ChatbotError } from './driver';

const TIMEOUT_MS = 15_000;
/** Graph API error codes (https://developers.facebook.com/docs/messenger-platform/error-codes). */
const RATE_LIMIT_CODES = new Set([4, 32, 613]);
const BAD_TOKEN_CODES = new Set([190, 102]);
/** 551 this person isn't available; 10 and 200 permissions (outside the 24-hour window, blocked the page). */
const UNREACHABLE_CODES = new Set([551, 10, 200]);
/** 100 with these subcodes: no matching user; the person can't be messaged. */
const UNREACHABLE_SUBCODES = new Set([2018001, 2018108, 2018109, 2018278, 2018065, 1545041]);

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

export interface MessengerOptions {
  /** The Graph API base, `https://graph.facebook.com/v19.0` (tests: a loopback double). */
  apiUrl: string;
  /** The tag a message outside the 24-hour window needs (`messaging_type: MESSAGE_TAG`). */
  tag: string;
  /** Rate-limit answers retried in place before the call reports `rate_limited`. */
  retries?: number;
  /** The first pause after a rate-limit answer; it doubles each time. */
  backoffMs?: number;
}

/** The error an answer stands for: Graph's `error.code` and `error_subcode` decide. */
export function classify(status: number, error: GraphError | undefined): ChatbotError {
  const code = error?.code;
  const subcode = error?.error_subcode;
  const message = error?.message ?? `HTTP ${status}`;
  if (status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code)))
    return new ChatbotError('rate_limited', message, code, subcode);
  if (code !== undefined && BAD_TOKEN_CODES.has(code)) return new ChatbotError('bad_token', message, code, subcode);
  if (
    (code !== undefined && UNREACHABLE_CODES.has(code)) ||
    (subcode !== undefined && UNREACHABLE_SUBCODES.has(subcode))
  )
    return new ChatbotError('unreachable', message, code, subcode);
  return new ChatbotError('unavailable', message, code, subcode);
}

/**
 * The real driver: Facebook's Send API, `POST {apiUrl}/me/messages` with the page access token (and its
 * `appsecret_proof`, the HMAC-SHA256 of the token under the app secret, when the secret is set). A mass update goes
 * as `messaging_type: MESSAGE_TAG` with the configured tag, since most subscribers are outside the 24-hour window; a
 * phone-number recipient (a test target) is `recipient.phone_number`. A rate-limit answer (HTTP 429, or `error.code`
 * 4, 32 or 613) is retried after a doubling pause; the rest are classified once (see `ChatbotError`). A 5xx or a
 * network error is not retried here: the message may have gone out, and a recipient is messaged at most once.
 */
export class MessengerDriver implements ChatbotDriver {
  readonly name = 'messenger' as const;
  constructor(private readonly options: MessengerOptions) {}

  async send(page: BotPage, message: BotMessage): Promise<string> {
    const token = page.pageAccessToken;
    if (!token) throw new ChatbotError('bad_token', 'The page access token is missing or cannot be read', 190);
    const query = new URLSearchParams({ access_token: token });
    if (page.appSecret) query.set('appsecret_proof', createHmac('sha256', page.appSecret).update(token).digest('hex'));
    const body = {
      recipient: 'id' in message.recipient ? { id: message.recipient.id } : { phone_number: message.recipient.phone },
      messaging_type: 'MESSAGE_TAG',
      tag: this.options.tag,
      message: {
        text: message.text,
        ...(message.quickReply
          ? {
              quick_replies: [
                { content_type: 'text', title: message.quickReply.title, payload: message.quickReply.payload },
              ],
            }
          : {}),
      },
    };
    // A rate-limited send is tried again after 1 s, 2 s, 4 s… (`backoffMs` doubled); any other refusal, and a
    // network failure, ends it at once.
    return pRetry(
      async () => {
        let status = 0;
        let json: { message_id?: string; error?: GraphError } | undefined;
        try {
          const res = await fetch(`${this.options.apiUrl}/me/messages?${query}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          status = res.status;
          const text = await res.text();
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
        } catch (error) {
          throw new AbortError(new ChatbotError('unavailable', error instanceof Error ? error.message : String(error)));
        }
        if (status >= 200 && status < 300 && typeof json?.message_id === 'string') return json.message_id;
        const refusal = classify(status, json?.error);
        if (refusal.kind !== 'rate_limited') throw new AbortError(refusal);
        throw refusal;
      },
      { retries: this.options.retries ?? 4, factor: 2, minTimeout: this.options.backoffMs ?? 1000, randomize: false },
    );
  }
}
