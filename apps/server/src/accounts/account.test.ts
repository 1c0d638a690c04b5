import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer, uploadFixture } from '../../test/harness';
import { createUser } from '../seed/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_MAX_PER_ACCOUNT: '4' } });
});
afterAll(() => server.close());

const me = (client: Client) => client.get('/api/users/me');
/** The password change as the account screen sends it; the confirmation repeats the new password unless given. */
const changePassword = (client: Client, current: string | undefined, password: string, confirmation = password) =>
  client.put('/api/users/me/password', {
    user: {
      ...(current === undefined ? {} : { current_password: current }),
      password,
      password_confirmation: confirmation,
    },
  });

describe('PUT /api/users/me/password', () => {
  it('refuses a wrong current password on that field, and a short or unconfirmed new one with the register messages', async () => {
    await createUser(server.ctx.db, { email: 'senha-errada@example.org' });
    const client = await signIn(server, 'senha-errada@example.org');
    const wrong = await changePassword(client, 'not-it', 'new-password-1');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['A senha atual não confere'] });
    const short = await changePassword(client, 'password123', 'curta', 'outra');
    expect(short.status).toBe(422);
    expect(short.body.errors).toMatchObject({
      password: ['A senha deve ter no mínimo 8 caracteres'],
    });
    const mismatch = await changePassword(client, 'password123', 'new-password-1', 'new-password-2');
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['As senhas não conferem'] });
    const empty = await changePassword(client, undefined, 'new-password-1');
    expect(empty.body.errors).toEqual({ current_password: ['Informe sua senha'] });
    // Nothing changed: the old password still signs in.
    await signIn(server, 'senha-errada@example.org');
  });

  it('changes the password, signs out the other sessions and keeps this one', async () => {
    await createUser(server.ctx.db, { email: 'senha-nova@example.org' });
    await createUser(server.ctx.db, { email: 'vizinha@example.org' });
    const here = await signIn(server, 'senha-nova@example.org');
    const elsewhere = await signIn(server, 'senha-nova@example.org');
    const neighbour = await signIn(server, 'vizinha@example.org');
    const res = await changePassword(here, 'password123', 'uma-senha-nova');
    expect(res.status).toBe(204);
    expect((await me(here)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me(neighbour)).status).toBe(200);
    const oldOne = await new Client(server.url).post('/api/auth/sign_in', {
      email: 'senha-nova@example.org',
      password: 'password123',
    });
    expect(oldOne.status).toBe(422);
    await signIn(server, 'senha-nova@example.org', 'uma-senha-nova');
  });

  it('stops a guesser after as many wrong tries as a sign-in allows', async () => {
    await createUser(server.ctx.db, { email: 'adivinha@example.org' });
    const client = await signIn(server, 'adivinha@example.org');
    const guess = (current: string) => changePassword(client, current, 'x-12345678');
    for (let i = 0; i < 4; i++) expect((await guess(`guess-${i}`)).status).toBe(422);
    expect((await guess('password123')).status).toBe(429);
  });

  it('is a 401 signed out', async () => {
    const res = await changePassword(new Client(server.url), 'password123', 'uma-senha-nova');
    expect(res.status).toBe(401);
  });
});

describe('the avatar', () => {
  it('is saved from an upload and comes back with the user and in the session query', async () => {
    await createUser(server.ctx.db, { email: 'avatar@example.org', firstName: 'Ava' });
    const client = await signIn(server, 'avatar@example.org');
    const url = await uploadFixture(client, 'small-599x315.png', 'image/png');
    const saved = await client.put('/api/users/me', {
      user: { first_name: 'Ava', email: 'avatar@example.org', avatar: url },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user.avatar).toBe(url);
    expect((await me(client)).body.user.avatar).toBe(url);
    const session = await client.graphql('{ get_current_user { avatar } }');
    expect(session.body.data.get_current_user[0].avatar).toBe(url);
    const image = await fetch(new URL(url, server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // Read to the end, so the connection is free and the server can close.
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
