/**
 * True when a query failed on a unique index (SQLSTATE 23505), optionally a named one. Drizzle wraps driver
 * errors, so the cause chain is searched; node-postgres and PGlite both carry `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return !constraint || name === constraint || Boolean(message?.includes(constraint));
  }
  return false;
}

/** True when a commit broke an exclusion constraint (SQLSTATE 23P01), such as `blocks_position_unique`. */
export function isExclusionViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23P01') return name === constraint || Boolean(message?.includes(constraint));
  }
  return false;
}

/**
 * True when a query failed on a value the caller sent (SQLSTATE class 22: a NUL byte, an out-of-range number, a
 * malformed date, a negative OFFSET). Such a failure is the caller's bad input, answered as one, never a 500.
 */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: string };
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/**
 * The integrity rule a write broke (SQLSTATE class 23), with the column when PostgreSQL names one: a duplicate
 * (`unique`), a missing required value (`required`) or a reference to no row (`reference`).
 */
export function integrityFailure(
  error: unknown,
): { rule: 'unique' | 'required' | 'reference'; column?: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, column } = e as { code?: string; column?: string };
    if (code === '23505') return { rule: 'unique' };
    if (code === '23502') return { rule: 'required', column };
    if (code === '23503') return { rule: 'reference' };
  }
  return undefined;
}

/**
 * True when PostgreSQL gave up on a transaction so that another could go on (SQLSTATE 40P01, a deadlock, or 40001, a
 * serialization failure): it was rolled back whole, and the same work may simply be tried again.
 */
export function isTransient(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: string };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
