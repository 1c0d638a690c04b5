import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startThrowawayPostgres } from '../../../scripts/lib/postgres.mjs';
import { freePort } from './process';

/** A Bonde-shaped PostgreSQL database (test/fixtures/bonde, see its README.md) on a throwaway server. */
export interface BondeFixture {
  /** The Bonde database's URL, as the importer's `--from` takes it. */
  url: string;
  /** Stops the server and removes its files. */
  stop(): void;
  /** One query on the Bonde database; the rows. */
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
}

const fixtureFile = (name: string) => readFileSync(new URL(`./fixtures/bonde/${name}`, import.meta.url), 'utf8');

/** Runs `sql` (one statement with params, or several without) on a fresh connection to `url`. */
async function run(url: string, sql: string, params?: unknown[]): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(sql, params);
    // Several statements answer with one result each; the last one's rows are the answer.
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    return last?.rows ?? [];
  } finally {
    await client.end();
  }
}

/**
 * Starts a throwaway PostgreSQL on a free port, creates the database `bonde` and loads Bonde's schema and rows
 * into it. Throws when PostgreSQL is not installed (check `postgresInstalled()` from scripts/lib/postgres.mjs).
 */
export async function bondeFixture(): Promise<BondeFixture> {
  const server = startThrowawayPostgres(await freePort());
  if (!server) throw new Error('The Bonde fixture needs PostgreSQL: install the postgresql package.');
  try {
    await run(server.url, "create database bonde encoding 'UTF8' template template0");
    const url = server.url.replace(/\/postgres$/, '/bonde');
    await run(url, fixtureFile('schema.sql'));
    await run(url, fixtureFile('rows.sql'));
    return { url, stop: () => server.stop(), query: (sql, params) => run(url, sql, params) };
  } catch (error) {
    server.stop();
    throw error;
  }
}

/**
 * Adds the second batch of rows (fixtures/bonde/rows-added.sql) to a loaded Bonde database: a new page with a form
 * widget, two form entries and a donation. Once per database.
 */
export async function addBondeRows(url: string): Promise<void> {
  await run(url, fixtureFile('rows-added.sql'));
}
