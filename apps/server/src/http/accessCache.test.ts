// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are read loosely; the assertions check their shape.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, eventually, signIn, startPeerServer, startTestServer, type TestServer } from '../../test/harness';
import { communityUsers } from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';

/*
 * Sessions, memberships and the communities list are kept in memory per process (http/accessCache.ts). Each kind
 * of change that affects them must show on the very next request: on the embedded engine the cache is always on,
 * so every check below would fail if an announcement were missing. On PostgreSQL the cache is opt-in; the same
 * checks run there with the default (no cache), and two processes with `SESSION_CACHE=true` check that a change
 * made through one reaches the other.
 */

const SESSION = `query Session {
  get_current_user { id email first_name is_admin permissions { community_id user_id role } }
  communities(order_by: {name: asc}) { id name city role }
}`;

const session = async (client: Client): Promise<any> => {
  const res = await client.graphql(SESSION);
  if (res.body.errors) return { errors: res.body.errors };
  return { me: res.body.data.get_current_user[0], communities: res.body.data.communities };
};

/** A change no trigger announces (replication role): what the cache keeps shows through it. */
const silently = (server: TestServer, statement: string) =>
  server.ctx.database.raw.executeSql(`begin; set local session_replication_role = replica; ${statement}; commit;`);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('what each admin request reads about its caller, kept in memory', () => {
  it('is kept between requests on the embedded engine, and only an announced change drops it', async () => {
    const user = await createUser(server.ctx.db, { email: 'kept@example.org', firstName: 'Kept' });
    const client = await signIn(server, 'kept@example.org');
    expect((await session(client)).me.first_name).toBe('Kept');
    await silently(server, `update users set first_name = 'Unannounced' where id = ${user.id}`);
    const kept = server.ctx.database.kind === 'pglite';
    expect(server.ctx.access.enabled).toBe(kept);
    expect((await session(client)).me.first_name).toBe(kept ? 'Kept' : 'Unannounced');
    // The same kind of change, announced: the next request reads it.
    await server.ctx.database.raw.executeSql(`update users set last_name = 'Dito' where id = ${user.id}`);
    expect((await session(client)).me.first_name).toBe('Unannounced');
  });

  it('shows a profile edit on the next Session', async () => {
    await createUser(server.ctx.db, { email: 'perfil@example.org', firstName: 'Antes' });
    const client = await signIn(server, 'perfil@example.org');
    expect((await session(client)).me.first_name).toBe('Antes');
    const edit = await client.put('/api/users/me', {
      user: { first_name: 'Depois', email: 'perfil@example.org', current_password: 'password123' },
    });
    expect(edit.status).toBe(200);
    expect((await session(client)).me.first_name).toBe('Depois');
  });

  it('refuses a signed-out token at once, and every other session after sign-out everywhere', async () => {
    await createUser(server.ctx.db, { email: 'saida@example.org' });
    const first = await signIn(server, 'saida@example.org');
    const second = await signIn(server, 'saida@example.org');
    const third = await signIn(server, 'saida@example.org');
    for (const c of [first, second, third]) expect((await session(c)).me.email).toBe('saida@example.org');
    const token = first.cookie('session') ?? '';
    expect((await first.post('/api/auth/sign_out')).status).toBe(204);
    const bearer = new Client(server.url, { authorization: `Bearer ${token}` });
    expect((await session(bearer)).errors?.[0]?.message).toBe('Could not verify JWT: JWTExpired');
    expect((await bearer.get('/api/users/me')).status).toBe(401);
    expect((await second.post('/api/auth/sign_out_everywhere')).status).toBe(204);
    expect((await session(third)).errors?.[0]?.message).toBe('Could not verify JWT: JWTExpired');
  });

  it('ends the other sessions at once on a password change', async () => {
    await createUser(server.ctx.db, { email: 'senha@example.org' });
    const here = await signIn(server, 'senha@example.org');
    const there = await signIn(server, 'senha@example.org');
    expect((await session(there)).me.email).toBe('senha@example.org');
    const change = await here.put('/api/users/me/password', {
      user: { current_password: 'password123', password: 'outra-senha-123', password_confirmation: 'outra-senha-123' },
    });
    expect(change.status).toBe(204);
    expect((await there.get('/api/users/me')).status).toBe(401);
    expect((await session(here)).me.email).toBe('senha@example.org');
  });

  it('follows a membership added, its role changed and removed; a removed member loses access at once', async () => {
    const { db } = server.ctx;
    const owner = await createUser(db, { email: 'dona@example.org' });
    const member = await createUser(db, { email: 'membro@example.org' });
    const community = await createCommunity(db, { name: 'Equipe', ownerId: owner.id });
    const ownerClient = await signIn(server, 'dona@example.org');
    const memberClient = await signIn(server, 'membro@example.org');
    const list = `/api/mobilizations?community_id=${community.id}`;
    expect((await session(memberClient)).communities).toEqual([]);
    expect((await memberClient.get(list)).status).toBe(404);

    await db.insert(communityUsers).values({ communityId: community.id, userId: member.id, role: 2 });
    let now = await session(memberClient);
    expect(now.communities).toEqual([{ id: community.id, name: 'Equipe', city: 'Recife', role: 2 }]);
    expect(now.me.permissions).toEqual([{ community_id: community.id, user_id: member.id, role: 2 }]);
    expect((await memberClient.get(list)).status).toBe(200);

    const path = `/api/communities/${community.id}/members/${member.id}`;
    expect((await ownerClient.put(path, { member: { role: 1 } })).status).toBe(200);
    now = await session(memberClient);
    expect(now.communities[0]?.role).toBe(1);
    expect(now.me.permissions).toEqual([{ community_id: community.id, user_id: member.id, role: 1 }]);

    expect((await ownerClient.delete(path)).status).toBe(204);
    now = await session(memberClient);
    expect(now.communities).toEqual([]);
    expect(now.me.permissions).toEqual([]);
    expect((await memberClient.get(list)).status).toBe(404);
  });

  it('shows a community created or renamed on the next Session', async () => {
    await createUser(server.ctx.db, { email: 'nova@example.org' });
    const client = await signIn(server, 'nova@example.org');
    expect((await session(client)).communities).toEqual([]);
    const created = await client.post('/api/communities', { community: { name: 'Primeira', city: 'Belém' } });
    expect(created.status).toBe(200);
    expect((await session(client)).communities).toEqual([
      { id: created.body.id, name: 'Primeira', city: 'Belém', role: 1 },
    ]);
    const renamed = await client.put(`/api/communities/${created.body.id}`, { community: { name: 'Renomeada' } });
    expect(renamed.status).toBe(200);
    expect((await session(client)).communities.map((c: { name: string }) => c.name)).toEqual(['Renomeada']);
  });

  it("refuses a deleted user's token at once", async () => {
    const user = await createUser(server.ctx.db, { email: 'apagado@example.org' });
    const client = await signIn(server, 'apagado@example.org');
    expect((await session(client)).me.id).toBe(user.id);
    await server.ctx.database.raw.executeSql(`delete from users where id = ${user.id}`);
    expect((await client.get('/api/users/me')).status).toBe(401);
  });

  it('shows a platform admin flag given or taken on the next request', async () => {
    const user = await createUser(server.ctx.db, { email: 'plataforma@example.org' });
    const client = await signIn(server, 'plataforma@example.org');
    expect((await session(client)).me.is_admin).toBe(false);
    await server.ctx.database.raw.executeSql(`update users set is_admin = true where id = ${user.id}`);
    expect((await session(client)).me.is_admin).toBe(true);
    await server.ctx.database.raw.executeSql(`update users set is_admin = false where id = ${user.id}`);
    expect((await session(client)).me.is_admin).toBe(false);
  });
});

describe.skipIf(inject('engine') !== 'postgres')('two processes on one PostgreSQL with SESSION_CACHE=true', () => {
  let a: TestServer;
  let b: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    a = await startTestServer({ env: { SESSION_CACHE: 'true' } });
    b = await startPeerServer(a, { env: { SESSION_CACHE: 'true' } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('drops in the other process what a change made through one process affects', async () => {
    const { db } = a.ctx;
    const owner = await createUser(db, { email: 'dona2@example.org' });
    const member = await createUser(db, { email: 'membro2@example.org', firstName: 'Antes' });
    const community = await createCommunity(db, {
      name: 'Dois',
      ownerId: owner.id,
      members: [{ userId: member.id, role: 2 }],
    });
    const ownerOnA = await signIn(a, 'dona2@example.org');
    const memberOnA = await signIn(a, 'membro2@example.org');
    const memberOnB = new Client(b.url, { authorization: `Bearer ${memberOnA.cookie('session')}` });
    expect(a.ctx.access.enabled).toBe(true);
    expect((await session(memberOnB)).communities.map((c: { name: string }) => c.name)).toEqual(['Dois']);

    // B keeps what it read: an unannounced change does not show there.
    await silently(a, `update users set first_name = 'Silenciosa' where id = ${member.id}`);
    expect((await session(memberOnB)).me.first_name).toBe('Antes');

    // A profile edit through A reaches B.
    await memberOnA.put('/api/users/me', {
      user: { first_name: 'Depois', email: 'membro2@example.org', current_password: 'password123' },
    });
    await eventually(async () => (await session(memberOnB)).me?.first_name === 'Depois', 2_000);

    // A member removed through A loses access on B.
    expect((await ownerOnA.delete(`/api/communities/${community.id}/members/${member.id}`)).status).toBe(204);
    await eventually(
      async () => (await memberOnB.get(`/api/mobilizations?community_id=${community.id}`)).status === 404,
      2_000,
    );
    expect((await session(memberOnB)).communities).toEqual([]);

    // A sign-out through A ends the token on B.
    expect((await memberOnA.post('/api/auth/sign_out')).status).toBe(204);
    await eventually(async () => (await memberOnB.get('/api/users/me')).status === 401, 2_000);
  });
});
