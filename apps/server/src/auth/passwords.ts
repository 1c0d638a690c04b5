import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// argon2id (algorithm 2) with OWASP's suggested memory and time cost.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * A bcrypt hash as Bonde stored them (`crypt(..., gen_salt('bf'))` in PostgreSQL, or a bcrypt library): `$2a$`,
 * `$2b$` (and `$2x$`/`$2y$`, the same format), a two-digit cost, then salt and digest. The Bonde import copies them
 * unchanged; a successful sign-in replaces one with an argon2id hash (`needsRehash`).
 */
const BCRYPT = /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (BCRYPT.test(passwordHash)) return await bcrypt.compare(password, passwordHash);
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash in a legacy format (bcrypt): after the password has been checked, store `hashPassword(password)` instead. */
export function needsRehash(passwordHash: string): boolean {
  return BCRYPT.test(passwordHash);
}

/** Hashing a throwaway value keeps the response time the same whether or not the account exists. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
