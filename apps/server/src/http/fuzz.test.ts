import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

/**
 * Walks every registered route (collected as the app registers them, so a new route is covered without a change
 * here) with hostile ids, query strings and bodies, signed out and signed in, and asserts that none answers 5xx.
 */
let server: TestServer;
let member: Client;
const valid: string[] = [];

const HOSTILE_IDS = ['2147483648', '-1', '0', '1e99', 'abc', '%00', '9'.repeat(400), 'x'.repeat(3000)];
const HOSTILE_QUERY =
  '?id=2147483648&community_id=2147483648&mobilization_id=-1&widget_id=abc&slug=%00&custom_domain=%00' +
  '&limit=-1&offset=-1&page=-5&per_page=1e99&ids=1,2147483648&ids[]=%00&status=%00&hidden=maybe' +
  '&updated_at=not-a-date&expires=x&type=%00&signature=%00';

const NUL = 'a\u0000b';
const BIG = 2_147_483_648;
const HOSTILE_FIELDS: Record<string, unknown> = {
  id: BIG,
  community_id: BIG,
  mobilization_id: BIG,
  widget_id: BIG,
  template_mobilization_id: BIG,
  theme_id: -1,
  subthemes: [BIG, NUL],
  name: NUL,
  goal: { nested: NUL },
  slug: NUL,
  email: `${NUL}@example.org`,
  password: NUL,
  password_confirmation: [NUL],
  token: NUL,
  city: NUL,
  position: BIG,
  kind: NUL,
  settings: { content: NUL, fields: NUL, main_color: NUL },
  fields: NUL,
  widgets_attributes: [{ sm_size: BIG, kind: NUL, settings: NUL }],
  blocks: [{ id: BIG, position: NUL }],
  content_type: NUL,
  size: 1e99,
  query: NUL,
  variables: { id: BIG },
  updated_at: 'not-a-date',
  status: NUL,
  custom_domain: NUL,
  limit: -1,
  offset: -1,
};
const WRAPPERS = [
  'user',
  'community',
  'mobilization',
  'block',
  'widget',
  'form_entry',
  'template',
  'invitation',
  'member',
];

/** Bodies: wrong types, a hostile flat object, and the same under each wrapper key the API uses. */
const BODIES: unknown[] = [
  [],
  'text',
  42,
  null,
  HOSTILE_FIELDS,
  ...WRAPPERS.map((w) => ({ [w]: HOSTILE_FIELDS })),
  { community: [], user: 'x', mobilization: null },
  { deep: JSON.parse(`${'{"a":'.repeat(60)}1${'}'.repeat(60)}`) },
];

function pathWith(url: string, value: string) {
  return url.replace(/:[a-z_]+/gi, value).replace('*', value);
}

async function expectNo5xx(client: Client, method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const res = await client.request(
    method,
    path,
    text,
    text === undefined ? {} : { 'content-type': 'application/json' },
  );
  expect(res.status, `${method} ${path} ${text?.slice(0, 120) ?? ''}`).toBeLessThan(500);
}

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server.ctx.db, { email: 'fuzz@example.org' });
  const community = await createCommunity(server.ctx.db, { name: 'Fuzz', ownerId: owner.id });
  const page = await createMobilization(server.ctx.db, {
    communityId: community.id,
    name: 'Fuzz',
    blocks: [{ name: 'B', widgets: [{ kind: 'content', settings: { content: '[]' } }] }],
  });
  valid.push(String(community.id), String(page.id));
  member = await signIn(server, 'fuzz@example.org');
});
afterAll(() => server.close());

describe('no route answers 5xx to hostile input', () => {
  it('knows the routes it walks', () => {
    expect(server.routes.length).toBeGreaterThan(30);
    expect(server.routes).toContainEqual({ method: 'POST', url: '/api/mobilizations/:id/form_entries' });
  });

  // Every route times every hostile input: seconds alone, several times that on a loaded machine.
  it.each(['anonymous', 'member'] as const)('as %s', { timeout: 180_000 }, async (who) => {
    for (const { method, url } of server.routes) {
      // Signing out would end the member's session for the rest of the walk; the anonymous pass covers them.
      if (who === 'member' && url.startsWith('/api/auth/sign_out')) continue;
      const client = who === 'member' ? member : new Client(server.url);
      const hasParams = /[:*]/.test(url);
      const writes = method !== 'GET';
      for (const id of hasParams ? HOSTILE_IDS : [])
        await expectNo5xx(client, method, pathWith(url, id) + HOSTILE_QUERY, writes ? {} : undefined);
      for (const id of hasParams ? valid : [''])
        for (const body of writes ? BODIES : [undefined])
          await expectNo5xx(client, method, pathWith(url, id) + HOSTILE_QUERY, body);
    }
  });
});

describe('a NUL character', () => {
  it('is refused before any route runs, naming the field', async () => {
    const res = await member.post('/api/communities', { community: { name: NUL, city: 'Recife' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'community.name': ['Contém um caractere que não é permitido (NUL).'] });
    const query = await member.get('/api/mobilizations?community_id=1&slug=%00');
    expect(query.body.errors).toEqual({ slug: ['Contém um caractere que não é permitido (NUL).'] });
  });
});
