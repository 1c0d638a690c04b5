import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { SharedSemaphore } from '../rate-limit/shared';
import { type MailingAccount, MailingError } from './driver';
import { type ApiAnswer, MarketingApiDriver } from './marketingApi';

/** Mailchimp allows 10 simultaneous connections per account; more are refused with 429. */
export const MAX_CONNECTIONS = 10;
const RETRIES = 3;
const TIMEOUT_MS = 15_000;
/** A connection's lease outlives its call's timeout: only a process that died mid-call leaves one to run out. */
const LEASE_SECONDS = 2 * (TIMEOUT_MS / 1000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mailchimp's problem document (https://mailchimp.com/developer/marketing/docs/errors/). */
const describe = (json: unknown, status: number) => {
  const problem = (json ?? {}) as { title?: string; detail?: string };
  return [problem.title, problem.detail].filter(Boolean).join(': ') || `HTTP ${status}`;
};

/**
 * The real driver: Mailchimp's Marketing API v3 over fetch, at `https://{dc}.api.mailchimp.com/3.0` (the data
 * centre is the key's suffix) or at MAILCHIMP_API_URL in tests, with Basic auth `anystring:{key}`. Each key gets at
 * most 10 connections at once, counted across every process by leases in the database (`SharedSemaphore`, keyed by
 * the key's SHA-256, never the key itself); a 429 or a 5xx is retried after its Retry-After (when it is no longer
 * than `maxRetryAfterSeconds`) or after a growing pause, and reported as `unavailable` once the retries are spent.
 */
export class MailchimpDriver extends MarketingApiDriver {
  readonly name = 'mailchimp' as const;
  private readonly connections: SharedSemaphore;

  constructor(private readonly options: { db: Db; apiUrl?: string; maxRetryAfterSeconds: number; backoffMs?: number }) {
    super();
    this.connections = new SharedSemaphore(options.db, { size: MAX_CONNECTIONS, leaseSeconds: LEASE_SECONDS });
  }

  private baseUrl(apiKey: string): string {
    if (this.options.apiUrl) return this.options.apiUrl;
    const dc = apiKey.split('-').at(-1) ?? '';
    if (!/^[a-z]{2,}[0-9]{1,3}$/.test(dc)) throw new MailingError('auth', 401, 'API Key Invalid');
    return `https://${dc}.api.mailchimp.com/3.0`;
  }

  protected async call(account: MailingAccount, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const url = this.baseUrl(account.apiKey) + path;
    const authorization = `Basic ${Buffer.from(`mutirao:${account.apiKey}`).toString('base64')}`;
    const gate = `mailchimp:${createHash('sha256').update(account.apiKey).digest('hex')}`;
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.connections.run(gate, async () => {
        try {
          const res = await fetch(url, {
            method,
            headers: {
              authorization,
              accept: 'application/json',
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          const text = await res.text();
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
        } catch (error) {
          return {
            status: 0,
            json: { title: error instanceof Error ? error.message : String(error) },
            retryAfter: null,
          };
        }
      });
      const { status, json } = answer;
      if (status >= 200 && status < 300) return { status, json };
      if (status === 401 || status === 403) throw new MailingError('auth', status, describe(json, status));
      if (status === 404) throw new MailingError('not_found', status, describe(json, status));
      if (status === 429 || status >= 500 || status === 0) {
        const asked = answer.retryAfter !== null ? Number(answer.retryAfter) : Number.NaN;
        const waitSeconds = Number.isFinite(asked) && asked >= 0 ? asked : undefined;
        const tooLong = waitSeconds !== undefined && waitSeconds > this.options.maxRetryAfterSeconds;
        if (attempt >= RETRIES || tooLong)
          throw new MailingError('unavailable', status, describe(json, status), waitSeconds);
        await sleep(waitSeconds !== undefined ? waitSeconds * 1000 : (this.options.backoffMs ?? 500) * 2 ** attempt);
        continue;
      }
      throw new MailingError('invalid', status, describe(json, status));
    }
  }
}
