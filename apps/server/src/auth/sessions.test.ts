import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, PRODUCTION_ENV, signIn, startTestServer, type TestServer } from '../../test/harness';
import { outbox, passwordResets, sessions, users } from '../db/schema';
import { createUser } from '../seed/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'loopback', LOGIN_MAX_PER_ACCOUNT_IP: '3', LOGIN_MAX_PER_ACCOUNT: '6' },
  });
});
afterAll(() => server.close());

const tokenOf = async (email: string, password = 'password123') =>
  (await new Client(server.url).post('/api/auth/sign_in', { email, password })).body.token as string;
const me = (token: string) => new Client(server.url).get('/api/users/me', { authorization: `Bearer ${token}` });

describe('sessions end when they should, at once', () => {
  it('sign-out revokes the token itself, not only the cookie', async () => {
    await createUser(server.ctx.db, { email: 'out@example.org' });
    const client = await signIn(server, 'out@example.org');
    const copied = client.cookie('session') ?? '';
    expect((await me(copied)).status).toBe(200);
    await client.post('/api/auth/sign_out');
    expect((await me(copied)).status).toBe(401);
    const gql = await new Client(server.url).graphql('{ get_current_user { id } }', undefined, {
      authorization: `Bearer ${copied}`,
    });
    expect(gql.body.errors[0]).toMatchObject({
      message: 'Could not verify JWT: JWTExpired',
      extensions: { code: 'invalid-jwt' },
    });
  });

  it("'sign out everywhere' ends every session of the user and no one else's", async () => {
    await createUser(server.ctx.db, { email: 'every@example.org' });
    await createUser(server.ctx.db, { email: 'bystander@example.org' });
    const laptop = await tokenOf('every@example.org');
    const phone = await tokenOf('every@example.org');
    const bystander = await tokenOf('bystander@example.org');
    const res = await new Client(server.url).post('/api/auth/sign_out_everywhere', undefined, {
      authorization: `Bearer ${phone}`,
    });
    expect(res.status).toBe(204);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await me(bystander)).status).toBe(200);
    expect((await new Client(server.url).post('/api/auth/sign_out_everywhere')).status).toBe(401);
  });

  it('ends a session left idle past SESSION_IDLE_DAYS, and one past its lifetime', async () => {
    await createUser(server.ctx.db, { email: 'idle@example.org' });
    const idle = await tokenOf('idle@example.org');
    const old = await tokenOf('idle@example.org');
    const rows = await server.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, 'idle@example.org'))
      .orderBy(sessions.createdAt);
    expect(rows).toHaveLength(2);
    await server.ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '15 days'` })
      .where(eq(sessions.id, rows[0]?.id ?? ''));
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, rows[1]?.id ?? ''));
    expect((await me(idle)).status).toBe(401);
    expect((await me(old)).status).toBe(401);
  });

  it('a password reset ends every session and spends every other recovery link', async () => {
    await createUser(server.ctx.db, { email: 'links@example.org' });
    const session = await tokenOf('links@example.org');
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      await new Client(server.url).post('/api/auth/password', { email: 'links@example.org' });
      const row = await eventually(async () => {
        const all = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'links@example.org'));
        return all.length > i ? all.sort((a, b) => a.id - b.id)[i] : undefined;
      });
      links.push(decodeURIComponent(row.text.match(/token=(\S+)/)?.[1] ?? ''));
    }
    const use = (token: string, password: string) =>
      new Client(server.url).put('/api/auth/password', { token, password, password_confirmation: password });
    expect((await use(links[1] ?? '', 'second-password')).status).toBe(200);
    expect((await me(session)).status).toBe(401);
    expect((await use(links[0] ?? '', 'first-password')).status).toBe(422);
    const unused = await server.ctx.db
      .select()
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(sql`${users.email} = 'links@example.org' and ${passwordResets.usedAt} is null`);
    expect(unused).toHaveLength(0);
  });
});

describe('sign-in limits slow the guesser, not the owner', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const attempt = (password: string, ip: string) =>
    new Client(server.url).post('/api/auth/sign_in', { email: 'owner@example.org', password }, from(ip));

  it('a guesser from one address is stopped; the owner elsewhere still signs in; a global ceiling holds', async () => {
    await createUser(server.ctx.db, { email: 'owner@example.org', password: 'owner-password' });
    for (let i = 0; i < 3; i++) expect((await attempt(`guess-${i}`, '203.0.113.5')).status).toBe(422);
    expect((await attempt('owner-password', '203.0.113.5')).status).toBe(429);
    expect((await attempt('owner-password', '198.51.100.20')).status).toBe(200);
    // Failures spread over many addresses still meet the account's ceiling (6).
    for (let i = 0; i < 6; i++) await attempt(`spread-${i}`, `192.0.2.${i + 1}`);
    expect((await attempt('owner-password', '198.51.100.21')).status).toBe(429);
  });
});

describe('the session cookie in production', () => {
  it('is __Host-session (Secure, Path=/, no Domain), and a planted `session` cookie is ignored', async () => {
    const prod = await startTestServer({
      env: PRODUCTION_ENV,
    });
    try {
      await createUser(prod.ctx.db, { email: 'victim@example.org' });
      await createUser(prod.ctx.db, { email: 'attacker@example.org' });
      const victim = new Client(prod.url);
      const res = await victim.post('/api/auth/sign_in', { email: 'victim@example.org', password: 'password123' });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-session='));
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).not.toMatch(/Domain=/i);
      expect((await victim.get('/api/users/me')).body.user.email).toBe('victim@example.org');

      const attackerToken = (
        await new Client(prod.url).post('/api/auth/sign_in', { email: 'attacker@example.org', password: 'password123' })
      ).body.token;
      const planted = new Client(prod.url);
      planted.setCookie('session', attackerToken);
      expect((await planted.get('/api/users/me')).status).toBe(401);
    } finally {
      await prod.close();
    }
  });
});

describe('changing the e-mail', () => {
  it('needs the current password and tells the old address', async () => {
    await createUser(server.ctx.db, { email: 'mover@example.org', firstName: 'Mara' });
    const client = await signIn(server, 'mover@example.org');
    const change = (extra: Record<string, string>) =>
      client.put('/api/users/me', { user: { first_name: 'Mara', email: 'mara@example.org', ...extra } });
    const missing = await change({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ current_password: ['Digite sua senha atual para trocar o e-mail'] });
    const wrong = await change({ current_password: 'not-it' });
    expect(wrong.body.errors).toEqual({ current_password: ['Senha incorreta'] });
    expect((await change({ current_password: 'password123' })).status).toBe(200);
    const notice = await eventually(async () => {
      const rows = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'mover@example.org'));
      return rows.find((r) => r.kind === 'email_changed');
    });
    expect(notice.subject).toBe('O e-mail da sua conta no Mutirão mudou');
    expect(notice.text).toContain('mara@example.org');
    // The name alone changes without the password.
    const rename = await client.put('/api/users/me', { user: { first_name: 'Mariana', email: 'mara@example.org' } });
    expect(rename.status).toBe(200);
  });
});
