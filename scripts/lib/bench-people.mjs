// The people list (`GET /api/communities/{id}/activists`) over 1,000,000 activists of one community on PostgreSQL:
// the first page, the last page and a filtered count, each asked one at a time, with p50 and p99. docs/bench.md
// explains how to read them.
import { Agent } from 'node:http';
import { call, seedFormPage } from './bench-forms.mjs';
import { psql } from './psql.mjs';

export const PEOPLE = 1_000_000;
const CALLS = 40;

/** People spread over a year of last actions, one in ten tagged, in one statement. */
const seedQuery = (communityId) => `
  INSERT INTO activists (community_id, email, name, first_name, city, tags, actions_count, last_action_at, created_at)
  SELECT ${communityId}, 'pessoa' || g || '@bench.mutirao.org', 'Pessoa ' || g, 'Pessoa',
    (ARRAY['Recife', 'Olinda', 'Paulista', 'Camaragibe'])[1 + g % 4],
    CASE WHEN g % 10 = 0 THEN ARRAY['voluntaria'] ELSE '{}'::text[] END,
    1 + g % 5, now() - (g % 365) * interval '1 day' - (g % 1000) * interval '1 second', now() - interval '400 days'
  FROM generate_series(1, ${PEOPLE}) g;
  ANALYZE activists;`;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function timed(agent, url, token) {
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const res = await call(agent, url, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.slice(0, 200)}`);
    times.push(res.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** The people list's figures on one running server on PostgreSQL (`pgUrl`). */
export async function peopleBench({ server, label, rows, pgUrl }) {
  const agent = new Agent({ keepAlive: true });
  const page = await seedFormPage(agent, server.url, `people-${label}`, 10);
  const seedMs = psql(pgUrl, seedQuery(page.community_id)).ms;
  const base = `${server.url}/api/communities/${page.community_id}/activists`;
  const cases = [
    ['first page (50, latest action first)', `${base}?limit=50`],
    ['last page (50, read backwards)', `${base}?limit=50&last=true`],
    ['first page by name', `${base}?limit=50&sort=name`],
    ['filtered page: tag and 30 days (and)', `${base}?limit=50&tags=voluntaria&period=30days`],
    ['filtered count: tag and 30 days (and)', `${base}/count?tags=voluntaria&period=30days`],
    ['filtered count: tag or 30 days (or)', `${base}/count?tags=voluntaria&period=30days&operator=or`],
  ];
  for (const [name, url] of cases) {
    const { p50, p99 } = await timed(agent, url, page.token);
    rows.push([
      `${label}: people list of ${PEOPLE.toLocaleString('en')}, ${name}: p50`,
      `${p50.toFixed(1)} ms`,
      `p99 ${p99.toFixed(1)} ms over ${CALLS} calls one at a time`,
    ]);
  }
  rows.push([
    `${label}: people list, seeding ${PEOPLE.toLocaleString('en')} people`,
    `${(seedMs / 1000).toFixed(0)} s`,
    '',
  ]);
  agent.destroy();
}
