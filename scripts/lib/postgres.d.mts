/** A throwaway PostgreSQL on loopback (`postgres.mjs`), or undefined when PostgreSQL is not installed. */
export function startThrowawayPostgres(port?: number): { url: string; stop(): void } | undefined;
/** Whether Debian's PostgreSQL server is installed (a throwaway server can start). */
export function postgresInstalled(): boolean;
