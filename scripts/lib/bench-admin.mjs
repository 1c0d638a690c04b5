// The admin's figures for `npm run bench`: the `Session` query and the mobilization list under 50 connections.
// autocannon drives them because each request posts a body; at these rates it is not the bottleneck.
import autocannon from 'autocannon';

/**
 * One autocannon run, with one more figure than autocannon's: the p99 of the answers after each connection's first.
 * A connection's first answer also waits for the server to accept it, and Node accepts one new connection per turn
 * of its event loop (measured: 41 connections left in the listen queue while the loop served the first ten), so when
 * all 50 connections open at once the last ones wait for as many turns. The two p99s tell that wait apart from the
 * requests' own latency.
 */
const load = (seconds, opts) =>
  new Promise((resolve, reject) => {
    const seen = new Set();
    const later = [];
    const run = autocannon({ duration: seconds, ...opts }, (e, r) => {
      if (e) return reject(e);
      later.sort((a, b) => a - b);
      const p99 = later.length ? Math.round(later[Math.min(later.length - 1, Math.floor(later.length * 0.99))]) : 0;
      resolve({ ...r, p99AfterFirst: p99 });
    });
    run.on('response', (client, _status, _bytes, ms) => {
      if (seen.has(client)) later.push(ms);
      else seen.add(client);
    });
  });

/** The admin's reads on a running server: the Session query and the mobilization list over 2,000 rows. */
export async function adminBench({ server: warm, seconds, rows }) {
  const signIn = await fetch(`${warm.url}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@mutirao.org', password: 'mutirao-demo' }),
  });
  const { token } = await signIn.json();
  const session = await load(seconds, {
    url: `${warm.url}/v1/graphql`,
    connections: 50,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      operationName: 'Session',
      query:
        'query Session { get_current_user { id email first_name last_name avatar is_admin created_at permissions { community_id role } } communities(order_by: {name: asc}) { id name city image } }',
    }),
  });
  rows.push([`Session query, 50 connections, ${seconds} s: requests/s`, session.requests.average.toFixed(0), '']);
  rows.push([
    "Session query: latency p50 / p99 / p99 after each connection's first answer",
    `${session.latency.p50} ms / ${session.latency.p99} ms / ${session.p99AfterFirst} ms`,
    '',
  ]);
  rows.push(['Session query: errors + non-2xx', String(session.errors + session.non2xx), '']);

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
    url: `${warm.url}/v1/graphql`,
    method: 'POST',
    body: JSON.stringify({ query: listDocument, variables: { communityId, status: 'active', limit: 20, offset } }),
  });
  // 2,000 seeded, every tenth archived: 1,800 active, so the last page starts at 1,780.
  const lists = [
    [
      'GET /api/mobilizations (first page of 2,000)',
      { url: `${warm.url}/api/mobilizations?community_id=${communityId}&status=active` },
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
    const r = await load(seconds, {
      connections: 50,
      ...opts,
      headers: { 'content-type': 'application/json', ...auth },
    });
    rows.push([`${name}, 50 connections: requests/s`, r.requests.average.toFixed(0), '']);
    rows.push([
      `${name}: latency p50 / p99 / p99 after each connection's first answer`,
      `${r.latency.p50} ms / ${r.latency.p99} ms / ${r.p99AfterFirst} ms`,
      '',
    ]);
    rows.push([`${name}: errors + non-2xx`, String(r.errors + r.non2xx), '']);
  }
}
