import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, startTestServer, type TestServer } from '../../test/harness';
import { outbox, users } from '../db/schema';
import { createUser } from '../seed/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_MAX_PER_ACCOUNT_IP: '4', LOGIN_MAX_PER_IP: '1000' } });
  await createUser(server.ctx.db, { email: 'ana@example.org', password: 'correct-horse', firstName: 'Ana' });
});
afterAll(() => server.close());

describe('sign-up', () => {
  it('names every invalid field in pt-BR by default', async () => {
    const res = await new Client(server.url).post('/api/auth/sign_up', {
      name: '',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ['Informe seu nome'],
      email: ['E-mail inválido'],
      password: ['A senha deve ter no mínimo 8 caracteres'],
      password_confirmation: ['As senhas não conferem'],
    });
  });

  it('answers in the language the client asks for', async () => {
    const res = await new Client(server.url, { 'accept-language': 'es-AR,es;q=0.9' }).post('/api/auth/sign_up', {
      name: 'X',
      email: '',
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(res.body.errors.email).toEqual(['Ingresa tu correo']);
    const en = await new Client(server.url, { cookie: 'locale=en' }).post('/api/auth/sign_up', { email: 'x' });
    expect(en.body.errors.name).toEqual(['Enter your name']);
  });

  it('creates the account with an argon2id hash and signs in with an httpOnly, host-only cookie', async () => {
    const client = new Client(server.url);
    const res = await client.post('/api/auth/sign_up', {
      name: 'Bia',
      email: 'Bia@Example.org',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'bia@example.org', first_name: 'Bia' });
    expect(res.body.user).not.toHaveProperty('password_hash');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('session='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.email, 'bia@example.org'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await client.get('/api/users/me')).body.user.email).toBe('bia@example.org');
  });

  it('refuses an e-mail that is taken, whatever its case', async () => {
    const res = await new Client(server.url).post('/api/auth/sign_up', {
      name: 'Other',
      email: 'ANA@example.org',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Já existe uma conta com esse e-mail']);
  });
});

describe('sign-in and sign-out', () => {
  it("says the spec's 'Incorrect password' on the password field, in the caller's language", async () => {
    const wrong = { email: 'ana@example.org', password: 'wrong-one' };
    const res = await new Client(server.url).post('/api/auth/sign_in', wrong);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: ['Senha incorreta'] });
    const es = await new Client(server.url, { 'accept-language': 'es' }).post('/api/auth/sign_in', wrong);
    expect(es.body.errors).toEqual({ password: ['Contraseña incorrecta'] });
    const en = await new Client(server.url, { 'accept-language': 'en' }).post('/api/auth/sign_in', wrong);
    expect(en.body.errors).toEqual({ password: ['Incorrect password'] });
  });

  it('validates e-mail and password before checking them', async () => {
    const res = await new Client(server.url).post('/api/auth/sign_in', { email: 'nope', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: ['E-mail inválido'], password: ['Informe sua senha'] });
  });

  it('rejects malformed JSON with a clear 400', async () => {
    const res = await new Client(server.url).request('POST', '/api/auth/sign_in', '{"email":', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['O corpo da requisição não é um JSON válido']);
  });

  it('signs out by removing both cookies', async () => {
    const client = new Client(server.url);
    await client.post('/api/auth/sign_in', { email: 'ana@example.org', password: 'correct-horse' });
    client.setCookie('community', encodeURIComponent(JSON.stringify({ id: 1 })));
    expect(client.cookie('session')).toBeTruthy();
    const res = await client.post('/api/auth/sign_out');
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(cleared).toEqual(expect.arrayContaining(['session', 'community']));
    expect(client.cookie('session')).toBeUndefined();
    expect(client.cookie('community')).toBeUndefined();
    expect((await client.get('/api/users/me')).status).toBe(401);
  });

  it('accepts the token as access-token or Bearer header for API scripts', async () => {
    const res = await new Client(server.url).post('/api/auth/sign_in', {
      email: 'ana@example.org',
      password: 'correct-horse',
    });
    const token = res.body.token as string;
    const viaHeader = await new Client(server.url).get('/api/users/me', { 'access-token': token });
    const viaBearer = await new Client(server.url).get('/api/users/me', { authorization: `Bearer ${token}` });
    expect(viaHeader.body.user.email).toBe('ana@example.org');
    expect(viaBearer.body.user.email).toBe('ana@example.org');
    const unauthorized = await new Client(server.url).get('/api/users/me', { authorization: 'Bearer garbage' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toEqual({ errors: ['Unauthorized'] });
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const res = await new Client(server.url).post('/api/auth/sign_in', {
      email: 'nobody-here@example.org',
      password: 'wrong-one',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: ['Senha incorreta'] });
  });

  it('limits failed attempts per account from one address, even with the right password afterwards', async () => {
    await createUser(server.ctx.db, { email: 'target@example.org', password: 'right-password' });
    const client = new Client(server.url);
    for (let i = 0; i < 4; i++) {
      expect(
        (await client.post('/api/auth/sign_in', { email: 'target@example.org', password: `bad-${i}` })).status,
      ).toBe(422);
    }
    const blocked = await client.post('/api/auth/sign_in', { email: 'target@example.org', password: 'right-password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0]).toMatch(/^Muitas tentativas\. Tente de novo em \d+ minutos\.$/);
  });
});

describe('per-IP limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { LOGIN_MAX_PER_IP: '3' } });
  });
  afterAll(() => limited.close());

  it('blocks an address after too many attempts across accounts', async () => {
    const client = new Client(limited.url);
    for (let i = 0; i < 3; i++)
      await client.post('/api/auth/sign_in', { email: `u${i}@example.org`, password: 'whatever1' });
    const res = await client.post('/api/auth/sign_in', { email: 'u9@example.org', password: 'whatever1' });
    expect(res.status).toBe(429);
  });

  it('limits password-recovery requests per address too', async () => {
    const client = new Client(limited.url);
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/auth/password', { email: `r${i}@example.org` })).status).toBe(202);
    }
    const res = await client.post('/api/auth/password', { email: 'r9@example.org' });
    expect(res.status).toBe(429);
    expect(res.body.errors[0]).toMatch(/^Muitas tentativas/);
  });

  it('cannot be dodged with a made-up X-Forwarded-For', async () => {
    const proxied = await startTestServer({ env: { LOGIN_MAX_PER_IP: '3', TRUST_PROXY: 'loopback' } });
    try {
      // Behind a proxy on loopback, the address the proxy appended counts, whatever the client wrote before it.
      const client = new Client(proxied.url);
      for (let i = 0; i < 3; i++) {
        const spoofed = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` };
        await client.post('/api/auth/sign_in', { email: `p${i}@example.org`, password: 'whatever1' }, spoofed);
      }
      const blocked = await client.post(
        '/api/auth/sign_in',
        { email: 'p9@example.org', password: 'whatever1' },
        { 'x-forwarded-for': '203.0.113.99, 198.51.100.7' },
      );
      expect(blocked.status).toBe(429);
      // Another client behind the same proxy is not blocked by the first one's attempts.
      const other = await client.post(
        '/api/auth/sign_in',
        { email: 'p9@example.org', password: 'whatever1' },
        { 'x-forwarded-for': '198.51.100.8' },
      );
      expect(other.status).toBe(422);
    } finally {
      await proxied.close();
    }
    // With no proxy trusted (the default outside production), the header is ignored altogether.
    const direct = new Client(limited.url);
    const res = await direct.post(
      '/api/auth/sign_in',
      { email: 'u9@example.org', password: 'whatever1' },
      { 'x-forwarded-for': '192.0.2.1' },
    );
    expect(res.status).toBe(429);
  });
});

describe('password recovery', () => {
  async function requestLink(email: string): Promise<string> {
    const before = Date.now();
    const res = await new Client(server.url).post('/api/auth/password', { email });
    expect(res.status).toBe(202);
    const row = await eventually(async () => {
      const rows = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
      return rows.find((r) => r.status === 'sent' && r.createdAt.getTime() >= before - 1000);
    });
    const match = row.text.match(/https?:\/\/\S+reset-password\?token=(\S+)/);
    expect(match).toBeTruthy();
    return decodeURIComponent(match?.[1] ?? '');
  }

  it('e-mails a single-use link that changes the password and ends old sessions', async () => {
    await createUser(server.ctx.db, { email: 'rec@example.org', password: 'old-password' });
    const oldSession = new Client(server.url);
    await oldSession.post('/api/auth/sign_in', { email: 'rec@example.org', password: 'old-password' });

    const token = await requestLink('rec@example.org');
    const mailbox = await oldSession.get('/api/dev/mailbox');
    expect(mailbox.body.messages[0]).toMatchObject({
      to: 'rec@example.org',
      subject: 'Crie uma nova senha no Mutirão',
    });

    const reset = await new Client(server.url).put('/api/auth/password', {
      token,
      password: 'new-password',
      password_confirmation: 'new-password',
    });
    expect(reset.status).toBe(200);
    expect((await oldSession.get('/api/users/me')).status).toBe(401);
    expect(
      (await new Client(server.url).post('/api/auth/sign_in', { email: 'rec@example.org', password: 'new-password' }))
        .status,
    ).toBe(200);

    const again = await new Client(server.url).put('/api/auth/password', {
      token,
      password: 'third-password',
      password_confirmation: 'third-password',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual([
      'Este link de recuperação é inválido, já foi usado ou expirou. Peça um novo.',
    ]);
  });

  it('refuses an expired link', async () => {
    await createUser(server.ctx.db, { email: 'late@example.org', password: 'old-password' });
    const token = await requestLink('late@example.org');
    const { passwordResets } = await import('../db/schema');
    await server.ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await new Client(server.url).put('/api/auth/password', {
      token,
      password: 'new-password',
      password_confirmation: 'new-password',
    });
    expect(res.status).toBe(422);
  });

  it('sends at most three recovery e-mails per address in a window, answering the same every time', async () => {
    await createUser(server.ctx.db, { email: 'flood@example.org', password: 'old-password' });
    for (let i = 0; i < 5; i++) {
      expect((await new Client(server.url).post('/api/auth/password', { email: 'flood@example.org' })).status).toBe(
        202,
      );
    }
    const rows = () => server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'flood@example.org'));
    await eventually(async () => (await rows()).length >= 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(await rows()).toHaveLength(3);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await new Client(server.url).post('/api/auth/password', { email: 'ghost@example.org' });
    expect(res.status).toBe(202);
    const rows = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'ghost@example.org'));
    expect(rows).toHaveLength(0);
  });
});

describe('account', () => {
  it('saves first and last name, e-mail and avatar', async () => {
    await createUser(server.ctx.db, { email: 'edit@example.org', password: 'password123' });
    const client = new Client(server.url);
    await client.post('/api/auth/sign_in', { email: 'edit@example.org', password: 'password123' });
    const bad = await client.put('/api/users/me', { user: { first_name: '', email: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ first_name: ['Informe seu nome'], email: ['E-mail inválido'] });
    const taken = await client.put('/api/users/me', {
      user: { first_name: 'E', email: 'ana@example.org', current_password: 'password123' },
    });
    expect(taken.body.errors.email).toEqual(['Já existe uma conta com esse e-mail']);
    const ok = await client.put('/api/users/me', {
      user: {
        first_name: 'Edna',
        last_name: 'Melo',
        email: 'edna@example.org',
        avatar: 'http://x/uploads/a.png',
        current_password: 'password123',
      },
    });
    expect(ok.status).toBe(200);
    const me = await client.get('/api/users/me');
    expect(me.body.user).toMatchObject({
      first_name: 'Edna',
      last_name: 'Melo',
      email: 'edna@example.org',
      avatar: 'http://x/uploads/a.png',
    });
  });

  it('needs a session', async () => {
    expect((await new Client(server.url).put('/api/users/me', { user: {} })).status).toBe(401);
  });
});
