/**
 * A throwaway PostgreSQL on loopback (`postgres.mjs`), or undefined when PostgreSQL is not installed; `fsync=off`
 * unless `fsync` is set.
 */
export function startThrowawayPostgres(
  port?: number,
  options?: { fsync?: boolean },
): { url: string; stop(): void } | undefined;
/** Whether Debian's PostgreSQL server is installed (a throwaway server can start). */
export function postgresInstalled(): boolean;
