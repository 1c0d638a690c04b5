import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createUser } from '../seed/factories';

const SESSION = `query Session {
  get_current_user { id email first_name last_name avatar is_admin created_at permissions { community_id user_id role } }
  communities(order_by: {name: asc}) { id name city image }
}`;

let server: TestServer;
let userId: number;
beforeAll(async () => {
  server = await startTestServer();
  const user = await createUser(server.ctx.db, { email: 'sess@example.org', firstName: 'Sess', lastName: 'Ion' });
  userId = user.id;
  await createCommunity(server.ctx.db, { name: 'Zeta', ownerId: user.id });
  await createCommunity(server.ctx.db, { name: 'Eta', members: [{ userId: user.id, role: 2 }] });
  await createCommunity(server.ctx.db, { name: 'Not mine' });
});
afterAll(() => server.close());

describe('the Session query at POST /v1/graphql', () => {
  it('returns get_current_user as a one-element list and the caller’s communities', async () => {
    const client = await signIn(server, 'sess@example.org');
    const res = await client.graphql(SESSION);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.get_current_user).toHaveLength(1);
    expect(res.body.data.get_current_user[0]).toMatchObject({
      id: userId,
      email: 'sess@example.org',
      first_name: 'Sess',
      last_name: 'Ion',
      is_admin: false,
    });
    expect(res.body.data.get_current_user[0].permissions).toEqual(
      expect.arrayContaining([
        { community_id: expect.any(Number), user_id: userId, role: 1 },
        { community_id: expect.any(Number), user_id: userId, role: 2 },
      ]),
    );
    expect(res.body.data.communities.map((c: { name: string }) => c.name)).toEqual(['Eta', 'Zeta']);
  });

  it("answers a signed-out caller as Hasura's anonymous role would", async () => {
    const res = await new Client(server.url).graphql(SESSION);
    expect(res.status).toBe(200);
    expect(res.body.errors[0].message).toBe('field get_current_user not found in type query_root');
  });

  it('reports a token signed with another key as an invalid JWS signature', async () => {
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const res = await new Client(server.url).graphql(SESSION, undefined, { authorization: `Bearer ${forged}` });
    expect(res.body.errors[0]).toMatchObject({
      message: 'Could not verify JWT: JWSError JWSInvalidSignature',
      extensions: { code: 'invalid-jwt' },
    });
  });

  it('reports an expired token as invalid', async () => {
    const expired = await server.ctx.tokens.sign({ userId, sessionId: 'gone' }, -10);
    const res = await new Client(server.url).graphql(SESSION, undefined, { 'access-token': expired });
    expect(res.body.errors[0]).toMatchObject({
      message: 'Could not verify JWT: JWTExpired',
      extensions: { code: 'invalid-jwt' },
    });
  });

  it('reports syntax and unknown fields as validation errors, not 500s', async () => {
    const client = await signIn(server, 'sess@example.org');
    const syntax = await client.graphql('{ get_current_user { id ');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors[0].extensions.code).toBe('validation-failed');
    const unknown = await client.graphql('{ secrets { id } }');
    expect(unknown.body.errors[0].message).toMatch(/secrets/);
  });
});
