import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';

/*
 * The proof of work (ALTCHA, issue 35): the server hands out a signed challenge, the visitor's browser finds the
 * counter whose PBKDF2 key starts with the challenge's prefix (a second or two, in web workers), and the action sends
 * the solution in the `x-altcha` header. Checking it costs one HMAC: the challenge carries the expected key's
 * signature (altcha-lib's deterministic mode). A solution is good once: its challenge's nonce is kept in
 * `antispam_spent` until the challenge expires, so a second use is refused in any process.
 */

export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

type AntispamConfig = Config['antispam'];

/** The two HMAC secrets altcha-lib wants (the challenge's and the derived key's), both from ALTCHA_HMAC_KEY. */
function secrets(config: AntispamConfig) {
  return {
    hmacSignatureSecret: config.hmacKey,
    hmacKeySignatureSecret: createHmac('sha256', config.hmacKey).update('altcha-key-signature').digest('hex'),
  };
}

/**
 * A new challenge for an action on page `mobilizationId` (signed into it: a solution is good on that page only),
 * expiring after ALTCHA_EXPIRE_SECONDS. The work is about `maxCounter * 3 / 4` PBKDF2 runs of `cost` iterations.
 */
export function createPageChallenge(
  config: AntispamConfig,
  mobilizationId: number,
  now = Date.now(),
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: config.cost,
    counter: randomInt(config.maxCounter, Math.ceil(config.maxCounter / 2)),
    deriveKey,
    data: { page: String(mobilizationId) },
    expiresAt: Math.floor(now / 1000) + config.expireSeconds,
    ...secrets(config),
  });
}

/** Why an action's solution was refused (the Prometheus counter's `reason` label). */
export type RefusalReason = 'missing' | 'invalid' | 'expired' | 'spent';

/** The `x-altcha` header's payload: base64 of `{challenge, solution}` as the altcha widget makes it. */
function parsePayload(header: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object') return undefined;
    const { challenge, solution } = payload as Record<string, unknown>;
    if (!challenge || typeof challenge !== 'object' || !solution || typeof solution !== 'object') return undefined;
    const parameters = (challenge as { parameters?: unknown }).parameters;
    if (!parameters || typeof parameters !== 'object') return undefined;
    return { challenge: challenge as Challenge, solution: solution as Solution };
  } catch {
    return undefined;
  }
}

/**
 * Checks an action's `x-altcha` header for page `mobilizationId`: a solution of a challenge we signed for that page,
 * not expired, and not used before (it is marked used now). Undefined when it passes, else why not.
 */
export async function spendSolution(
  db: Db,
  config: AntispamConfig,
  header: string | undefined,
  mobilizationId: number,
): Promise<RefusalReason | undefined> {
  if (!header) return 'missing';
  // A solution is a few hundred bytes; anything much longer is not one.
  const payload = header.length <= 4096 ? parsePayload(header) : undefined;
  if (!payload) return 'invalid';
  const { challenge, solution } = payload;
  let verified: Awaited<ReturnType<typeof verifySolution>>;
  try {
    verified = await verifySolution({ challenge, solution, deriveKey, ...secrets(config) });
  } catch {
    return 'invalid';
  }
  if (verified.expired) return 'expired';
  if (!verified.verified) return 'invalid';
  // Signed, so these are ours: the page it was made for, its nonce and expiry.
  const { data, nonce, expiresAt } = challenge.parameters;
  if (String(data?.page ?? '') !== String(mobilizationId) || typeof nonce !== 'string' || !expiresAt) return 'invalid';
  const result = (await db.execute(sql`
    insert into antispam_spent (id, expires_at) values (${nonce}, to_timestamp(${Number(expiresAt)}))
    on conflict (id) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length === 1 ? undefined : 'spent';
}

/** Spent solutions whose challenge has expired: no longer needed to refuse them (the expiry does). */
export async function sweepSpent(db: Db): Promise<void> {
  await db.execute(sql`delete from antispam_spent where expires_at < now()`);
}
