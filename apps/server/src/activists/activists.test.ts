import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activists } from '../db/schema';
import {
  createCommunity,
  createDonation,
  createFormEntries,
  createMobilization,
  createPhoneCall,
  createPressure,
  createUser,
} from '../seed/factories';
import { recountActions } from './people';
import { upsertActivist } from './upsert';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * A community whose people and actions are known, so every filter has one right answer:
 *
 * | person | actions                                           | tags                   |
 * |--------|---------------------------------------------------|------------------------|
 * | Ana    | form on M1, now                                   | voluntaria             |
 * | Bruno  | e-mail pressure on M1, 10 days ago                |                        |
 * | Carla  | donation on M2, 40 days ago                       | doadora, voluntaria    |
 * | Davi   | phone pressure on M2, 200 days ago                |                        |
 * | Eva    | none (imported today, after everyone else)        | importada              |
 * | Fábio  | form on M1 2 days ago; donation on M2 100 days ago |                        |
 */
describe('the community’s people', () => {
  let server: TestServer;
  let admin: Client;
  let stranger: Client;
  let communityId: number;
  let otherCommunityId: number;
  let m1: number;
  let m2: number;
  const ids: Record<string, number> = {};
  const base = () => `/api/communities/${communityId}/activists`;
  const names = (body: { activists: { name: string }[] }) => body.activists.map((a) => a.name);
  const matching = async (query: string) => {
    const res = await admin.get(`${base()}?sort=name&limit=200&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return names(res.body);
  };

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const owner = await createUser(db, { email: 'people-admin@example.org' });
    const other = await createUser(db, { email: 'people-stranger@example.org' });
    communityId = (await createCommunity(db, { name: 'Gente', ownerId: owner.id })).id;
    otherCommunityId = (await createCommunity(db, { name: 'Outra', ownerId: other.id })).id;
    const one = await createMobilization(db, {
      communityId,
      name: 'M1',
      blocks: [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }] }],
    });
    const two = await createMobilization(db, {
      communityId,
      name: 'M2',
      blocks: [{ widgets: [{ kind: 'donation' }, { kind: 'pressure-phone' }] }],
    });
    m1 = one.id;
    m2 = two.id;
    const [form, pressure] = one.widgets;
    const [donation, phone] = two.widgets;
    const person = async (name: string, tags: string[] = [], createdAt = ago(1)) => {
      const [row] = await db
        .insert(activists)
        .values({
          communityId,
          name,
          email: `${name.toLowerCase()}@example.org`,
          phone: name === 'Carla' ? '+55 (81) 98765-4321' : null,
          tags,
          createdAt,
        })
        .returning();
      ids[name] = row?.id ?? 0;
      return row?.id ?? 0;
    };
    const entry = (activistId: number, createdAt: Date) =>
      db.execute(sql`insert into form_entries (widget_id, mobilization_id, activist_id, fields, created_at)
        values (${form?.id}, ${m1}, ${activistId}, '[]'::jsonb, ${createdAt.toISOString()})`);
    await entry(await person('Ana', ['voluntaria']), new Date());
    await createPressure(db, {
      widgetId: pressure?.id ?? 0,
      mobilizationId: m1,
      activistId: await person('Bruno'),
      createdAt: ago(10),
    });
    await createDonation(db, {
      communityId,
      amount: 5000,
      widgetId: donation?.id,
      mobilizationId: m2,
      activistId: await person('Carla', ['doadora', 'voluntaria']),
      createdAt: ago(40),
    });
    await createPhoneCall(db, {
      communityId,
      widgetId: phone?.id ?? 0,
      activistId: await person('Davi', [], ago(300)),
      createdAt: ago(200),
    });
    // Arriving is not acting: Eva, imported a moment ago, has no last action.
    await person('Eva', ['importada'], new Date());
    const fabio = await person('Fábio', [], ago(150));
    await entry(fabio, ago(2));
    await createDonation(db, {
      communityId,
      amount: 3000,
      widgetId: donation?.id,
      mobilizationId: m2,
      activistId: fabio,
      createdAt: ago(100),
    });
    await recountActions(db, communityId);
    // Someone of another community, who must never show up here.
    const elsewhere = await createMobilization(db, {
      communityId: otherCommunityId,
      name: 'Fora',
      blocks: [{ widgets: [{ kind: 'form', settings: { fields: [] } }] }],
    });
    await createFormEntries(db, {
      communityId: otherCommunityId,
      mobilizationId: elsewhere.id,
      widget: { id: elsewhere.widgets[0]?.id ?? 0, settings: { fields: [] } },
      count: 3,
    });
    admin = await signIn(server, owner.email);
    stranger = await signIn(server, other.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists everyone with their counts, latest action first, and nobody of another community', async () => {
    const res = await admin.get(base());
    expect(res.status).toBe(200);
    // Eva, imported today, never acted: she comes after everyone who did, however long ago.
    expect(names(res.body)).toEqual(['Ana', 'Fábio', 'Bruno', 'Carla', 'Davi', 'Eva']);
    const fabio = res.body.activists.find((a: { name: string }) => a.name === 'Fábio');
    expect(fabio).toMatchObject({ actions_count: 2, email: 'fábio@example.org', tags: [] });
    expect(Date.parse(fabio.last_action_at)).toBeGreaterThan(ago(2.1).getTime());
    // Someone who never acted has no last action.
    expect(res.body.activists.at(-1)).toMatchObject({ name: 'Eva', actions_count: 0, last_action_at: null });
    expect((await admin.get(`${base()}/count`)).body).toEqual({ count: 6 });
  });

  it('filters by page, kind, tag and period, each with its one right answer', async () => {
    expect(await matching(`mobilization_ids=${m1}`)).toEqual(['Ana', 'Bruno', 'Fábio']);
    expect(await matching(`mobilization_ids=${m2}`)).toEqual(['Carla', 'Davi', 'Fábio']);
    expect(await matching('kinds=donation')).toEqual(['Carla', 'Fábio']);
    // E-mail and phone pressure are separate kinds.
    expect(await matching('kinds=pressure')).toEqual(['Bruno']);
    expect(await matching('kinds=pressure-phone')).toEqual(['Davi']);
    expect(await matching('kinds=form,pressure,pressure-phone')).toEqual(['Ana', 'Bruno', 'Davi', 'Fábio']);
    expect(await matching('tags=voluntaria')).toEqual(['Ana', 'Carla']);
    expect(await matching('tags=importada&tags=doadora')).toEqual(['Carla', 'Eva']);
    expect(await matching('period=today')).toEqual(['Ana']);
    expect(await matching('period=week')).toEqual(['Ana', 'Fábio']);
    expect(await matching('period=15days')).toEqual(['Ana', 'Bruno', 'Fábio']);
    expect(await matching('period=30days')).toEqual(['Ana', 'Bruno', 'Fábio']);
    expect(await matching('period=3months')).toEqual(['Ana', 'Bruno', 'Carla', 'Fábio']);
    expect(await matching('period=year')).toEqual(['Ana', 'Bruno', 'Carla', 'Davi', 'Fábio']);
    expect(await matching('period=always')).toEqual(['Ana', 'Bruno', 'Carla', 'Davi', 'Eva', 'Fábio']);
    // A custom range asks the actions themselves: Fábio's donation 100 days ago, not his recent form.
    const day = (d: number) => ago(d).toISOString().slice(0, 10);
    expect(await matching(`period=custom&from=${day(101)}&to=${day(99)}`)).toEqual(['Fábio']);
    expect(await matching(`period=custom&from=${day(45)}&to=${day(35)}`)).toEqual(['Carla']);
  });

  it('combines the filters with "and" or "or", and the search always narrows', async () => {
    expect(await matching(`mobilization_ids=${m2}&tags=voluntaria`)).toEqual(['Carla']);
    expect(await matching(`mobilization_ids=${m2}&tags=voluntaria&operator=and`)).toEqual(['Carla']);
    expect(await matching(`mobilization_ids=${m2}&tags=voluntaria&operator=or`)).toEqual([
      'Ana',
      'Carla',
      'Davi',
      'Fábio',
    ]);
    expect(await matching('kinds=donation&period=week&operator=or')).toEqual(['Ana', 'Carla', 'Fábio']);
    expect(await matching('kinds=donation&period=week&operator=and')).toEqual(['Fábio']);
    expect(await matching('kinds=donation&period=week&operator=or&q=car')).toEqual(['Carla']);
    // Search by name, e-mail or phone digits, without regard to case or punctuation.
    expect(await matching('q=ANA')).toEqual(['Ana']);
    expect(await matching('q=bruno%40example')).toEqual(['Bruno']);
    expect(await matching('q=98765-43')).toEqual(['Carla']);
    // LIKE's wildcards are searched for, not obeyed.
    expect(await matching('q=%25')).toEqual([]);
    expect((await admin.get(`${base()}/count?kinds=donation&period=week&operator=or`)).body).toEqual({ count: 3 });
  });

  it('pages with cursors both ways, and reaches the last page directly', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { activists: { name: string }[]; next_cursor: string | null } } = await admin.get(
        `${base()}?sort=name&limit=4${cursor ? `&after=${cursor}` : ''}`,
      );
      seen.push(...names(res.body));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['Ana', 'Bruno', 'Carla', 'Davi', 'Eva', 'Fábio']);

    const last = await admin.get(`${base()}?sort=name&limit=4&last=true`);
    expect(names(last.body)).toEqual(['Carla', 'Davi', 'Eva', 'Fábio']);
    expect(last.body.next_cursor).toBeNull();
    const before = await admin.get(`${base()}?sort=name&limit=4&before=${last.body.previous_cursor}`);
    expect(names(before.body)).toEqual(['Ana', 'Bruno']);
    expect(before.body.previous_cursor).toBeNull();
    expect(before.body.next_cursor).not.toBeNull();

    // The default order, by last action, pages across those who never acted in both directions.
    const first = await admin.get(`${base()}?limit=4`);
    expect(names(first.body)).toEqual(['Ana', 'Fábio', 'Bruno', 'Carla']);
    const rest = await admin.get(`${base()}?limit=4&after=${first.body.next_cursor}`);
    expect(names(rest.body)).toEqual(['Davi', 'Eva']);
    expect(rest.body.next_cursor).toBeNull();
    const end = await admin.get(`${base()}?limit=3&last=true`);
    expect(names(end.body)).toEqual(['Carla', 'Davi', 'Eva']);
    expect(names((await admin.get(`${base()}?limit=4&before=${end.body.previous_cursor}`)).body)).toEqual([
      'Ana',
      'Fábio',
      'Bruno',
    ]);
    expect(names((await admin.get(`${base()}?order=asc&limit=2`)).body)).toEqual(['Eva', 'Davi']);

    for (const [sort, order, expected] of [
      ['actions', 'desc', ['Fábio', 'Davi', 'Carla']],
      ['created', 'asc', ['Davi', 'Fábio', 'Ana']],
      ['name', 'desc', ['Fábio', 'Eva', 'Davi']],
    ] as const)
      expect(names((await admin.get(`${base()}?sort=${sort}&order=${order}&limit=3`)).body), sort).toEqual(expected);
  });

  it('refuses a wrong filter or cursor on its field, in the caller’s language', async () => {
    const custom = await admin.get(`${base()}?period=custom`);
    expect(custom.status).toBe(400);
    expect(custom.body.errors.from).toEqual(['Informe a data de início do período']);
    const backwards = await admin.get(`${base()}?period=custom&from=2026-05-02&to=2026-05-01`, {
      'accept-language': 'en',
    });
    expect(backwards.body.errors.to).toEqual(['The end date comes before the start date']);
    expect((await admin.get(`${base()}?kinds=petition`)).body.errors['kinds.0']).toEqual(['Tipo de ação inválido']);
    const cursor = await admin.get(`${base()}?after=not-a-cursor`);
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors.after).toEqual(['Página inválida; volte para o início da lista']);
  });

  it('shows a profile with the timeline of every action across the pages', async () => {
    const res = await admin.get(`${base()}/${ids.Fábio}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Fábio', actions_count: 2 });
    expect(
      res.body.timeline.map((t: { kind: string; mobilization: { name: string } }) => [t.kind, t.mobilization.name]),
    ).toEqual([
      ['form', 'M1'],
      ['donation', 'M2'],
    ]);
    const davi = await admin.get(`${base()}/${ids.Davi}`);
    expect(davi.body.timeline).toMatchObject([
      { kind: 'pressure-phone', state: 'completed', standing: 'counted', mobilization: { id: m2, name: 'M2' } },
    ]);
  });

  it('adds and removes a tag on one person, never twice, refusing a bad one on its field', async () => {
    const url = `${base()}/${ids.Bruno}/tags`;
    expect((await admin.post(url, { tag: ' motorista ' })).body.tags).toEqual(['motorista']);
    expect((await admin.post(url, { tag: 'motorista' })).body.tags).toEqual(['motorista']);
    const comma = await admin.post(url, { tag: 'a,b' });
    expect(comma.status).toBe(422);
    expect(comma.body.errors.tag).toEqual(['A etiqueta não pode ter vírgula']);
    expect((await admin.post(url, { tag: '' })).body.errors.tag).toEqual(['Informe a etiqueta']);
    expect((await admin.delete(`${url}/motorista`)).body.tags).toEqual([]);
  });

  it('saves segments, reuses them in the list, and refuses a taken name', async () => {
    const url = `/api/communities/${communityId}/activist_segments`;
    const created = await admin.post(url, {
      segment: { name: 'Doadores recentes', filter: { kinds: ['donation'], period: '3months' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Doadores recentes', filter: { kinds: ['donation'], operator: 'and' } });
    const taken = await admin.post(url, { segment: { name: 'doadores RECENTES', filter: {} } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toEqual(['Já existe um segmento com esse nome']);
    const blank = await admin.post(url, { segment: { name: ' ', filter: {} } });
    expect(blank.body.errors.name).toEqual(['Dê um nome ao segmento']);
    // Each filter is one condition on the person: Fábio gave (100 days ago) and acted within 3 months.
    expect(await matching(`segment_id=${created.body.id}`)).toEqual(['Carla', 'Fábio']);
    expect(await matching(`segment_id=${created.body.id}&q=car`)).toEqual(['Carla']);

    const changed = await admin.put(`${url}/${created.body.id}`, {
      segment: { name: 'Doadores', filter: { kinds: ['donation'], period: '30days' } },
    });
    expect(changed.body.name).toBe('Doadores');
    expect(await matching(`segment_id=${created.body.id}`)).toEqual(['Fábio']);
    expect((await admin.get(url)).body.map((s: { name: string }) => s.name)).toEqual(['Doadores']);
    expect((await admin.delete(`${url}/${created.body.id}`)).status).toBe(204);
    expect((await admin.get(url)).body).toEqual([]);
  });

  it('tags everyone a filter matches through a job with progress', async () => {
    const started = await admin.post(`/api/communities/${communityId}/activist_tag_jobs`, {
      filter: { kinds: ['donation'] },
      tag: 'doador',
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ tag: 'doador', operation: 'add', total: 2 });
    const done = await eventually(async () => {
      const jobs = (await admin.get(`/api/communities/${communityId}/activist_tag_jobs`)).body;
      return jobs[0]?.status === 'done' && jobs[0];
    });
    expect(done).toMatchObject({ total: 2, done: 2 });
    expect(await matching('tags=doador')).toEqual(['Carla', 'Fábio']);
    await admin.post(`/api/communities/${communityId}/activist_tag_jobs`, {
      filter: {},
      tag: 'doador',
      operation: 'remove',
    });
    await eventually(async () => (await matching('tags=doador')).length === 0);
  });

  it('counts each action and moves the last one on the person’s row', async () => {
    const before = await admin.get(`${base()}/${ids.Eva}`);
    expect(before.body).toMatchObject({ actions_count: 0, last_action_at: null });
    await upsertActivist(server.ctx.db, communityId, { email: 'EVA@example.org' });
    const after = await admin.get(`${base()}/${ids.Eva}`);
    expect(after.body.actions_count).toBe(1);
    expect(Date.parse(after.body.last_action_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives someone of another community nothing, and no hint that anything exists', async () => {
    for (const path of [
      base(),
      `${base()}/count`,
      `${base()}/${ids.Ana}`,
      `/api/communities/${communityId}/activist_segments`,
      `/api/communities/${communityId}/activist_tag_jobs`,
    ])
      expect((await stranger.get(path)).status, path).toBe(404);
    expect((await stranger.post(`${base()}/${ids.Ana}/tags`, { tag: 'x' })).status).toBe(404);
    expect(
      (await stranger.post(`/api/communities/${communityId}/activist_tag_jobs`, { filter: {}, tag: 'x' })).status,
    ).toBe(404);
    // Their own community's list never holds this one's people, and this one's person is not theirs.
    expect((await stranger.get(`/api/communities/${otherCommunityId}/activists/${ids.Ana}`)).status).toBe(404);
    const theirs = await stranger.get(`/api/communities/${otherCommunityId}/activists`);
    expect(theirs.body.activists).toHaveLength(3);
  });
});
