import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caddy, caddyInstalled, startCaddy } from '../../test/caddy';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

if (!caddyInstalled && process.env.REQUIRE_ALL_SUITES) throw new Error('caddy is required in CI');

/** curl over HTTPS to a host resolved to loopback, trusting only Caddy's internal CA. */
async function curl(caddy: Caddy, host: string) {
  const { stdout } = await promisify(execFile)('curl', [
    '--silent',
    '--show-error',
    '--max-time',
    '20',
    '--write-out',
    '\n%{http_code}',
    '--resolve',
    `${host}:${caddy.httpsPort}:127.0.0.1`,
    '--cacert',
    caddy.rootCertPath,
    `https://${host}:${caddy.httpsPort}/`,
  ]).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stderr ?? ''}\n000` }));
  const lines = stdout.trimEnd().split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

describe.skipIf(!caddyInstalled)('on-demand TLS: Caddy in front of the app, asking its allow-list', () => {
  let server: TestServer;
  let caddy: Caddy;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const user = await createUser(db, { email: 'caddy@example.org' });
    const community = await createCommunity(db, { name: 'Caddy', ownerId: user.id });
    const blocks = [
      { name: 'Início', widgets: [{ kind: 'content' as const, settings: { content: 'Passe livre já' } }] },
    ];
    const page = await createMobilization(db, {
      communityId: community.id,
      name: 'Passe livre',
      slug: 'passe-livre-tls',
      blocks,
    });
    admin = await signIn(server, user.email);
    await admin.post(`/api/communities/${community.id}/dns_hosted_zones`, {
      dns_hosted_zone: { domain_name: 'passelivre.org' },
    });
    await admin.put(`/api/mobilizations/${page.id}`, { mobilization: { custom_domain: 'passelivre.org' } });
    caddy = await startCaddy(server.url);
  });
  afterAll(async () => {
    await caddy?.close();
    await server?.close();
  });

  it('issues a certificate only for a launched host, which then serves the page over HTTPS', async () => {
    // Not on the allow-list yet: Caddy asks, hears 404, and the handshake fails.
    expect((await curl(caddy, 'www.passelivre.org')).status).toBe(0);
    const launched = await admin.graphql(
      'mutation ($d: [String]!) { router_add_operation(operation: "append", domains: $d) }',
      {
        d: ['passelivre.org', 'www.passelivre.org'],
      },
    );
    expect(launched.body).toMatchObject({ data: { router_add_operation: { operation: 'append' } } });
    for (const host of ['www.passelivre.org', 'passelivre.org']) {
      const res = await curl(caddy, host);
      expect(res.status, host).toBe(200);
      expect(res.body).toContain('Passe livre já');
    }
    // A host of no page, and a host never appended, get no certificate.
    expect((await curl(caddy, 'outra.passelivre.org')).status).toBe(0);
    expect((await curl(caddy, 'qualquer.example.com')).status).toBe(0);
  });
});
