// The admin's figures for `npm run bench`: the `Session` query and the mobilization list under 50 connections, driven
// by wrk (`wrk-request.lua` posts the body), through Caddy as deployed when it is there (docs/bench.md, "Why the
// actions go through Caddy"). No ceiling is measured for them: read their p99.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notThisRun } from './bench-forms.mjs';
import { wrk } from './wrk.mjs';

const SCRIPT = new URL('./wrk-request.lua', import.meta.url).pathname;
const CONNECTIONS = 50;

/** One wrk run of `method` on `url` with `body` and `headers`, after the same load unmeasured (`warmupSeconds`). */
async function load({ url, method = 'GET', body, headers, seconds, warmupSeconds }) {
  const dir = mkdtempSync(join(tmpdir(), 'mutirao-admin-bench-'));
  try {
    const scriptArgs = [method];
    if (body !== undefined) {
      writeFileSync(join(dir, 'body'), body);
      scriptArgs.push(join(dir, 'body'));
    }
    const run = (secs) => wrk({ url, connections: CONNECTIONS, seconds: secs, headers, script: SCRIPT, scriptArgs });
    if (warmupSeconds > 0) await run(warmupSeconds);
    return await run(seconds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A read's two lines: its rate with p50 and p99, and its errors. */
function linesOf(rows, name, r, via) {
  rows.push([
    `${name}, ${CONNECTIONS} connections${via ? ` through ${via.name}` : ''}: requests/s`,
    Math.round(r.rps).toLocaleString('en'),
    `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ${notThisRun}`,
  ]);
  rows.push([`${name}: errors + non-2xx`, String(r.errors + r.non2xx), '']);
}

/** The admin's reads on a running server: the Session query and the mobilization list over 2,000 rows. */
export async function adminBench({ server: warm, seconds, rows, warmupSeconds = 0, via }) {
  const target = via?.url ?? warm.url;
  const signIn = await fetch(`${warm.url}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@mutirao.org', password: 'mutirao-demo' }),
  });
  const { token } = await signIn.json();
  const session = await load({
    url: `${target}/v1/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      operationName: 'Session',
      query:
        'query Session { get_current_user { id email first_name last_name avatar is_admin created_at permissions { community_id role } } communities(order_by: {name: asc}) { id name city image } }',
    }),
    seconds,
    warmupSeconds,
  });
  linesOf(rows, 'Session query', session, via);

  // A community with 2,000 mobilizations: the list screen's REST call and its GraphQL twin.
  const seeded = await fetch(`${warm.url}/api/dev/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: { email: 'bench@mutirao.org', password: 'bench-password' },
      communities: [{ name: 'Bench', mobilizations: 2000 }],
    }),
  }).then((r) => r.json());
  const communityId = seeded.communities[0].id;
  const bench = await fetch(`${warm.url}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@mutirao.org', password: 'bench-password' }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${bench.token}` };
  // The exact document the list screen sends (apps/web/src/mobilizations/mobilizationsApi.ts): one page of 20 rows
  // with their activists and amounts, and the total for the pager, in one request.
  const listDocument = `query Mobilizations($communityId: Int!, $status: String!, $limit: Int!, $offset: Int!) {
    mobilizations(where: {community_id: {_eq: $communityId}, status: {_eq: $status}}, order_by: {updated_at: desc}, limit: $limit, offset: $offset)
    { id name goal slug custom_domain image: facebook_share_image created_at status users_count total_fund_raising }
    mobilizations_aggregate(where: {community_id: {_eq: $communityId}, status: {_eq: $status}}) { aggregate { count } }
  }`;
  const listPage = (offset) => ({
    url: `${target}/v1/graphql`,
    method: 'POST',
    body: JSON.stringify({ query: listDocument, variables: { communityId, status: 'active', limit: 20, offset } }),
  });
  // 2,000 seeded, every tenth archived: 1,800 active, so the last page starts at 1,780.
  const lists = [
    [
      'GET /api/mobilizations (first page of 2,000)',
      { url: `${target}/api/mobilizations?community_id=${communityId}&status=active` },
    ],
    ['GraphQL list screen, page 1 of 90 (2,000 rows)', listPage(0)],
    ['GraphQL list screen, page 90 of 90 (2,000 rows)', listPage(1780)],
  ];
  // A GraphQL error still answers 200, so check the document once before measuring it.
  const probe = await fetch(`${warm.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: listPage(1780).body,
  }).then((r) => r.json());
  if (
    probe.errors ||
    probe.data.mobilizations.length !== 20 ||
    probe.data.mobilizations_aggregate.aggregate.count !== 1800
  )
    throw new Error(`list screen query: unexpected answer ${JSON.stringify(probe).slice(0, 300)}`);
  for (const [name, opts] of lists) {
    const r = await load({ ...opts, headers: { 'content-type': 'application/json', ...auth }, seconds, warmupSeconds });
    linesOf(rows, name, r, via);
  }
}
