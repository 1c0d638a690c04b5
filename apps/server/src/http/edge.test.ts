import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, getByHost, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'loopback', APP_URL: 'http://admin.example.test:8080' } });
  const owner = await createUser(server.ctx.db, { email: 'edge@example.org' });
  const community = await createCommunity(server.ctx.db, { name: 'Borda', ownerId: owner.id });
  await createMobilization(server.ctx.db, { communityId: community.id, name: 'Borda', slug: 'borda' });
});
afterAll(() => server.close());

describe('security headers', () => {
  it('the admin and the API refuse framing, run no inline script, and never let the browser sniff', async () => {
    for (const path of ['/api/health', '/login', '/api/nothing-here']) {
      const res = await new Client(server.url).get(path);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self';");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('public pages allow what organiser embeds need, and are not told to refuse framing', async () => {
    const res = await getByHost(server, 'borda.localhost', '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline' https:");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('in production, HSTS too', async () => {
    const prod = await startTestServer({
      env: {
        NODE_ENV: 'production',
        APP_URL: 'https://admin.example.test',
        PUBLIC_HOST: 'example.test',
        ALLOW_SANDBOX: 'payments,mail,dns',
      },
    });
    try {
      const res = await new Client(prod.url).get('/api/health');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      await prod.close();
    }
  });
});

describe('body limits', () => {
  it('only the upload PUT takes 8 MB image bodies; every other route stops at 1 MB', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 1).toString('latin1');
    // An image type outside the upload route is not read at all.
    const res = await new Client(server.url).request('POST', '/api/auth/sign_in', big, { 'content-type': 'image/png' });
    expect(res.status).toBe(415);
    const json = await new Client(server.url).request('POST', '/api/auth/sign_in', JSON.stringify({ x: big }), {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(413);
  });
});

describe('absolute URLs come from configuration, never from the request', () => {
  it('a forged Host or X-Forwarded-Proto does not reach the cached canonical address', async () => {
    const forged = await getByHost(server, 'borda.localhost', '/', { 'x-forwarded-proto': 'javascript' });
    expect(forged.status).toBe(200);
    expect(forged.body.toString()).toContain('<link rel="canonical" href="http://borda.localhost:8080/">');
    expect(forged.body.toString()).not.toContain('javascript:');
    const later = await getByHost(server, 'borda.localhost:9999', '/');
    expect(later.body.toString()).toContain('<meta property="og:url" content="http://borda.localhost:8080/">');
  });

  it('a recovery link points at APP_URL whatever Host the request named', async () => {
    await createUser(server.ctx.db, { email: 'hosty@example.org' });
    await new Client(server.url).post(
      '/api/auth/password',
      { email: 'hosty@example.org' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    const { outbox } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    const { eventually } = await import('../../test/harness');
    const row = await eventually(async () => {
      const [r] = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'hosty@example.org'));
      return r;
    });
    expect(row.text).toContain('http://admin.example.test:8080/reset-password?token=');
    expect(row.text).not.toContain('evil.example');
  });
});
