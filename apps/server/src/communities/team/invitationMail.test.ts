import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../../test/harness';
import { startSmtp } from '../../../test/smtp';
import { createCommunity, createUser } from '../../seed/factories';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Mutirão <no-reply@mutirao.test>',
      APP_URL: 'https://admin.mutirao.test',
    },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

it('the invitation travels through real SMTP with a link, built from APP_URL, that lets the invitee join', async () => {
  const owner = await createUser(server.ctx.db, { email: 'smtp-owner@example.org', firstName: 'Olga' });
  const community = await createCommunity(server.ctx.db, { name: 'Rede SMTP', ownerId: owner.id });
  const admin = await signIn(server, 'smtp-owner@example.org');
  const res = await admin.post(
    `/api/communities/${community.id}/invitation`,
    { invitation: { email: 'smtp-invitee@example.org' } },
    { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
  );
  expect(res.status).toBe(201);
  const mail = await eventually(async () => smtp.received.find((m) => m.to.includes('smtp-invitee@example.org')));
  expect(mail.from).toBe('no-reply@mutirao.test');
  // The body is quoted-printable: soft line breaks and `=3D` are undone before reading it.
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(body).not.toContain('evil.example');
  const link = /https:\/\/admin\.mutirao\.test\/invitation\/([\w-]+)/.exec(body);
  expect(link).not.toBeNull();
  const code = link?.[1] ?? '';

  // Following the link: the page asks what it is, then the invitee registers with that e-mail and joins.
  const invitee = new Client(server.url);
  const about = await invitee.get(`/api/invitations/${code}`);
  expect(about.body.invitation).toMatchObject({
    email: 'smtp-invitee@example.org',
    community: { name: 'Rede SMTP' },
    invited_by: 'Olga',
    status: 'pending',
    account_exists: false,
  });
  const signUp = await invitee.post('/api/auth/sign_up', {
    user: {
      name: 'Ivo',
      email: 'smtp-invitee@example.org',
      password: 'password123',
      password_confirmation: 'password123',
    },
  });
  expect(signUp.status).toBe(201);
  const joined = await invitee.post(`/api/invitations/${code}/accept`);
  expect(joined.status).toBe(200);
  expect(joined.body.community).toMatchObject({ id: community.id, role: 2 });
  expect((await invitee.get('/api/communities')).body.map((c: { name: string }) => c.name)).toEqual(['Rede SMTP']);
});
