import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { anyText } from '../db/arrays';
import type { Database, Db } from '../db/client';
import { GroupWriter } from '../db/groupWriter';
import { AppError } from '../http/errors';

/*
 * `Idempotency-Key` on the visitor action routes (issue 35; the IETF draft "The Idempotency-Key HTTP Header Field").
 * A widget makes one key per submission in the browser and sends it again on every retry of that submission, so a
 * retry after a lost answer (a phone network that dropped, a timeout) gets the first answer and stores nothing twice.
 *
 * - A new key is reserved (`idempotent_requests`, one row per route and key) before the route runs, and the answer
 *   is stored with it before it is sent: a connection dropped after the commit loses nothing.
 * - The same key again gets the stored answer, with `Idempotent-Replayed: true`.
 * - The same key while the first request is still under way (two tabs, a retry that overtook a slow answer) gets
 *   409 with `Retry-After: 1`; the widget retries and then gets the answer.
 * - The same key with another body gets 422: a key names one submission.
 * - A refusal (4xx, 5xx) frees the key: the visitor corrects the form, or the retry runs again.
 * - A reservation whose request never answered (its process died mid-request) is taken over after
 *   `ABANDONED_SECONDS`. Donations are safe even then: their attempt key reaches the provider and the row.
 * - Without the header, the route runs as before (API scripts that do not send it).
 */

/** After this long with no answer, a reservation is taken to belong to a request that died. */
const ABANDONED_SECONDS = 60;
/** The longest key taken (the draft leaves it to the server; a UUID is 36). */
const MAX_KEY_LENGTH = 255;

interface Reserved {
  scope: string;
  key: string;
}
const reservations = new WeakMap<FastifyRequest, Reserved>();

/**
 * The header's key, or undefined when there is none. The draft's form is a structured-field string (`"…"`); a bare
 * token is taken too. 400 naming the header for an empty, overlong or non-ASCII one.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  const key = /^"[^"]*"$/.test(raw) ? raw.slice(1, -1) : raw;
  if (!key || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key))
    throw new AppError('bad_request', { 'idempotency-key': ['offline.keyInvalid'] });
  return key;
}

/** The route's path with its parameters filled in, without the query: what a key is unique within. */
const scopeOf = (request: FastifyRequest) => `${request.method} ${request.url.split('?')[0]}`;

const fingerprintOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');

type Stored = { status: number | null; body: string | null; fingerprint: string };
interface Keyed {
  scope: string;
  key: string;
}
export interface Reservation extends Keyed {
  fingerprint: string;
}
export interface Answer extends Keyed {
  status: number;
  body: string;
}

/**
 * Reserves keys, a batch at a time: a new key, or one whose request died. Its `returning` names the keys it
 * reserved. Group commit (`GroupWriter`, as the actions themselves): under a crowd, the reservations of the requests
 * that arrive together cost one statement, not one each.
 */
export function reserveStatement(rows: Reservation[]): SQL {
  return sql`
    insert into idempotent_requests (scope, key, fingerprint)
    select scope, key, fingerprint from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(scope text, key text, fingerprint text)
    on conflict (scope, key) do update set fingerprint = excluded.fingerprint, created_at = now()
      where idempotent_requests.status is null
        and idempotent_requests.created_at < now() - make_interval(secs => ${ABANDONED_SECONDS})
    returning scope, key`;
}

/** Answers, for each row in order, whether its key was reserved. */
async function reserveBatch(db: Db, rows: Reservation[]): Promise<boolean[]> {
  const taken = (await db.execute(reserveStatement(rows))) as unknown as { rows: { scope: string; key: string }[] };
  const reserved = new Set(taken.rows.map((r) => `${r.scope}\n${r.key}`));
  return rows.map((r) => reserved.has(`${r.scope}\n${r.key}`));
}

/** The statement that stores the answers of reserved requests, a batch at a time. */
export function answerStatement(rows: Answer[]): SQL {
  return sql`
    update idempotent_requests set status = a.status, body = a.body
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as a(scope text, key text, status int, body text)
    where idempotent_requests.scope = a.scope and idempotent_requests.key = a.key
      and idempotent_requests.scope = ${anyText(rows.map((r) => r.scope))}
      and idempotent_requests.key = ${anyText(rows.map((r) => r.key))}`;
}

/** Stores the answers of reserved requests. */
async function answerBatch(db: Db, rows: Answer[]): Promise<true[]> {
  await db.execute(answerStatement(rows));
  return rows.map(() => true);
}

const writerSets = new WeakMap<Db, { reserve: GroupWriter<Reservation, boolean>; answer: GroupWriter<Answer, true> }>();
/**
 * This process's two writers for a database: one batch at a time on the embedded engine, `writers` on PostgreSQL.
 * Their kinds are 'idempotency-reserve' and 'idempotency-answer'.
 */
export function idempotencyWriters(database: Pick<Database, 'db' | 'kind'>, writers: number) {
  let set = writerSets.get(database.db);
  if (!set) {
    const options = { writers: database.kind === 'pglite' ? 1 : writers, maxBatch: 100 };
    // One key at most once per batch: a statement cannot insert (or update) the same row twice.
    const person = (row: Keyed) => `${row.scope}\n${row.key}`;
    set = {
      reserve: new GroupWriter<Reservation, boolean>((rows) => reserveBatch(database.db, rows), {
        ...options,
        kind: 'idempotency-reserve',
        person,
      }),
      answer: new GroupWriter<Answer, true>((rows) => answerBatch(database.db, rows), {
        ...options,
        kind: 'idempotency-answer',
        person,
      }),
    };
    writerSets.set(database.db, set);
  }
  return set;
}

/**
 * Reserves the key for this request, or else reads what the first request stored: its answer, or nothing yet
 * (still under way), or no row (refused, and freed, since).
 */
async function reserve(database: Pick<Database, 'db' | 'kind'>, writers: number, row: Reservation) {
  if (await idempotencyWriters(database, writers).reserve.write(row)) return { reserved: true as const };
  const found = (await database.db.execute(
    sql`select status, body, fingerprint from idempotent_requests where scope = ${row.scope} and key = ${row.key}`,
  )) as unknown as { rows: Stored[] };
  return { reserved: false as const, first: found.rows[0] };
}

/**
 * The hooks that make a visitor action route idempotent, spread into its options after its guards
 * (`preValidation`: the rate limit, the honeypot), so a replay is still counted and a bot's filled honeypot is
 * still refused the same way.
 */
export function idempotentAction(
  database: Pick<Database, 'db' | 'kind'>,
  writers: number,
): {
  preHandler: preHandlerAsyncHookHandler;
  onSend: onSendAsyncHookHandler<unknown>;
} {
  return {
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const key = idempotencyKeyOf(request);
      if (key === undefined) return;
      const scope = scopeOf(request);
      const fingerprint = fingerprintOf(request.body);
      const outcome = await reserve(database, writers, { scope, key, fingerprint });
      if (outcome.reserved) {
        reservations.set(request, { scope, key });
        return;
      }
      const { first } = outcome;
      // Freed between the two statements (the first request was refused): this one runs as a new one.
      if (!first) {
        const again = await reserve(database, writers, { scope, key, fingerprint });
        if (again.reserved) {
          reservations.set(request, { scope, key });
          return;
        }
        // Taken again meanwhile by another request with this key: still under way, as below.
        reply.header('retry-after', '1');
        throw new AppError('conflict', undefined, 'offline.inProgress');
      }
      if (first.fingerprint !== fingerprint)
        throw new AppError('unprocessable', { 'idempotency-key': ['offline.keyReused'] });
      if (first.status === null) {
        reply.header('retry-after', '1');
        throw new AppError('conflict', undefined, 'offline.inProgress');
      }
      return reply
        .status(first.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .header('cache-control', 'no-store')
        .send(first.body ?? '');
    },
    async onSend(request, reply, payload) {
      const reserved = reservations.get(request);
      if (!reserved) return payload;
      reservations.delete(request);
      const { scope, key } = reserved;
      if (reply.statusCode >= 400 || typeof payload !== 'string') {
        await database.db.execute(
          sql`delete from idempotent_requests where scope = ${scope} and key = ${key} and status is null`,
        );
        return payload;
      }
      // Stored before the answer leaves: a connection that drops now loses nothing the retry needs.
      await idempotencyWriters(database, writers).answer.write({ scope, key, status: reply.statusCode, body: payload });
      return payload;
    },
  };
}

/** Removes answers older than a day (from the hourly `rate-limit-sweep`): a retry comes within minutes. */
export async function sweepIdempotentRequests(db: Db): Promise<void> {
  await db.execute(sql`delete from idempotent_requests where created_at < now() - interval '1 day'`);
}
