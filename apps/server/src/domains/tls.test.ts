import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { makeTestCa, startTlsServer } from '../../test/tls';
import { certificates } from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';
import { checkTls, sslCheckJob } from './sslCheck';

describe('SSL check: a real handshake that validates the chain and the host name', () => {
  const ca = makeTestCa();
  let tlsServer: Awaited<ReturnType<typeof startTlsServer>>;
  beforeAll(async () => {
    const valid = ca.issue(['valido.org', 'www.valido.org']);
    const expired = ca.issue(['vencido.org'], 0);
    const otherHost = ca.issue(['outro-nome.org']);
    tlsServer = await startTlsServer(
      { 'valido.org': valid, 'www.valido.org': valid, 'vencido.org': expired, 'nome-errado.org': otherHost },
      otherHost,
    );
    // The expired certificate's last second passes.
    await new Promise((r) => setTimeout(r, 1100));
  });
  afterAll(async () => {
    await tlsServer.close();
    ca.close();
  });
  const options = () => ({ port: tlsServer.port, address: '127.0.0.1', ca: ca.ca, timeoutMs: 3000 });

  it('passes a valid certificate and fails an expired one, a wrong host, an unknown root and no server', async () => {
    expect((await checkTls('valido.org', options())).status).toBe('ok');
    expect(await checkTls('vencido.org', options())).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/expired/i),
    });
    expect(await checkTls('nome-errado.org', options())).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/altnames|host/i),
    });
    expect((await checkTls('valido.org', { ...options(), ca: undefined })).status).toBe('failed');
    expect((await checkTls('valido.org', { ...options(), port: 9 })).status).toBe('failed');
  });

  describe('the allow-list, the ask endpoint and the job', () => {
    let server: TestServer;
    let admin: Client;
    let stranger: Client;
    beforeAll(async () => {
      server = await startTestServer();
      const db = server.ctx.db;
      const user = await createUser(db, { email: 'tls-admin@example.org' });
      const other = await createUser(db, { email: 'tls-outra@example.org' });
      const community = await createCommunity(db, { name: 'TLS', ownerId: user.id });
      await createCommunity(db, { name: 'Outra TLS', ownerId: other.id });
      admin = await signIn(server, user.email);
      stranger = await signIn(server, other.email);
      for (const domain_name of ['valido.org', 'vencido.org', 'nome-errado.org'])
        expect(
          (await admin.post(`/api/communities/${community.id}/dns_hosted_zones`, { dns_hosted_zone: { domain_name } }))
            .status,
        ).toBe(201);
    });
    afterAll(() => server?.close());

    const operation = (client: Client, op: string, domains: string[]) =>
      client.graphql('mutation ($o: String!, $d: [String]!) { router_add_operation(operation: $o, domains: $d) }', {
        o: op,
        d: domains,
      });
    const ask = (domain: string) =>
      fetch(`${server.url}/api/tls/ask?domain=${encodeURIComponent(domain)}`).then((r) => r.status);

    it('lets only hosts appended by their community get certificates', async () => {
      expect(await ask('valido.org')).toBe(404);
      const appended = await operation(admin, 'append', [
        'valido.org',
        'WWW.valido.org',
        'vencido.org',
        'nome-errado.org',
      ]);
      expect(appended.body).toMatchObject({
        data: {
          router_add_operation: {
            operation: 'append',
            domains: ['valido.org', 'www.valido.org', 'vencido.org', 'nome-errado.org'],
          },
        },
      });
      expect(await ask('valido.org')).toBe(200);
      expect(await ask('www.valido.org')).toBe(200);
      expect(await ask('nao-listado.org')).toBe(404);
      expect(await ask('')).toBe(404);
      // Someone else's zone cannot be appended, nor removed by another community.
      const theirs = await operation(stranger, 'append', ['valido.org']);
      expect(JSON.stringify(theirs.body)).toContain('Você precisa usar um domínio cadastrado na comunidade');
      await operation(stranger, 'remove', ['valido.org']);
      expect(await ask('valido.org')).toBe(200);
      expect(JSON.stringify((await operation(admin, 'delete', ['valido.org'])).body)).toContain('append ou remove');
    });

    it('checks every allowed host each minute, retrying failures, and keeps when it last checked', async () => {
      const job = sslCheckJob(server.ctx.db, options());
      await job.handle({});
      const rows = await server.ctx.db.select().from(certificates);
      const status = Object.fromEntries(rows.map((r) => [r.domain, r.sslStatus]));
      expect(status).toEqual({
        'valido.org': 'ok',
        'www.valido.org': 'ok',
        'vencido.org': 'failed',
        'nome-errado.org': 'failed',
      });
      expect(rows.every((r) => r.sslCheckedAt)).toBe(true);
      // A failure checked less than a minute ago waits; one checked earlier is tried again.
      const before = rows.find((r) => r.domain === 'vencido.org')?.sslCheckedAt;
      await job.handle({});
      const [again] = await server.ctx.db.select().from(certificates).where(eq(certificates.domain, 'vencido.org'));
      expect(again?.sslCheckedAt).toEqual(before);
      await server.ctx.db
        .update(certificates)
        .set({ sslCheckedAt: new Date(Date.now() - 61_000) })
        .where(eq(certificates.domain, 'vencido.org'));
      await job.handle({});
      const [retried] = await server.ctx.db.select().from(certificates).where(eq(certificates.domain, 'vencido.org'));
      expect(retried?.sslCheckedAt?.getTime()).toBeGreaterThan(Date.now() - 10_000);

      // Removing a host takes it off the list at once.
      await operation(admin, 'remove', ['valido.org']);
      expect(await ask('valido.org')).toBe(404);
      expect(await ask('www.valido.org')).toBe(200);
    });
  });
});
