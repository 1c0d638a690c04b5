import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

let server: TestServer;
let alice: Client;
let pageId: number;

beforeAll(async () => {
  server = await startTestServer();
  const a = await createUser(server.ctx.db, { email: 'settings-alice@example.org' });
  const community = await createCommunity(server.ctx.db, { name: 'Ajustes', ownerId: a.id });
  pageId = (await createMobilization(server.ctx.db, { communityId: community.id, name: 'Ajustes' })).id;
  alice = await signIn(server, 'settings-alice@example.org');
});
afterAll(() => server.close());

/** Settings that the form's settings tabs refuse. */
const HOSTILE = [
  ['a colour that breaks out of its CSS', { main_color: 'red;}body{display:none' }, 'main_color'],
  ['a sender with a header injection', { sender_email: 'a@b.org\r\nBcc: all@example.org' }, 'sender_email'],
  ['an over-long button text', { button_text: 'x'.repeat(5000) }, 'button_text'],
  ['fields that are not JSON', { fields: '[{not json' }, 'fields'],
] as const;

describe('every path that creates widgets checks their settings like the settings tabs do', () => {
  it.each(HOSTILE)('REST block creation refuses %s', async (_name, settings, key) => {
    const res = await alice.post(`/api/mobilizations/${pageId}/blocks`, {
      block: { name: 'B', widgets_attributes: [{ sm_size: 12, md_size: 12, lg_size: 12, kind: 'form', settings }] },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([`widgets_attributes.0.settings.${key}`]);
    expect((await alice.get(`/api/mobilizations/${pageId}/blocks`)).body).toHaveLength(0);
  });

  it.each(HOSTILE)('GraphQL insert_blocks_one refuses %s', async (_name, settings) => {
    const res = await alice.graphql(
      'mutation Add($object: blocks_insert_input!) { insert_blocks_one(object: $object) { id } }',
      {
        object: {
          mobilization_id: pageId,
          name: 'B',
          widgets: { data: [{ sm_size: 12, md_size: 12, lg_size: 12, kind: 'form', settings }] },
        },
      },
    );
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect((await alice.get(`/api/mobilizations/${pageId}/blocks`)).body).toHaveLength(0);
  });

  it('keeps valid settings, normalised', async () => {
    const res = await alice.post(`/api/mobilizations/${pageId}/blocks`, {
      block: {
        name: 'Ok',
        widgets_attributes: [
          {
            sm_size: 12,
            md_size: 12,
            lg_size: 12,
            kind: 'form',
            settings: { main_color: '#ff0000', button_text: ' Assinar ' },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.widgets[0].settings).toMatchObject({ main_color: '#ff0000', button_text: 'Assinar' });
  });
});
