import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import {
  blocks,
  communityUsers,
  mobilizations,
  templateBlocks,
  templateMobilizations,
  templateWidgets,
  type WidgetKind,
  widgets,
} from '../db/schema';
import {
  type BlockSeed,
  createBlocks,
  createCommunity,
  createMobilization,
  createTemplate,
  createUser,
} from '../seed/factories';

let server: TestServer;
let alice: Client; // admin of Alpha
let mob: Client; // mobilizer (role 2) of Alpha
let bob: Client; // admin of Beta
let root: Client; // platform admin
let alphaId: number;
let betaId: number;

/** Every widget kind, with settings shaped as spec 02 §3 describes them (nested, JSON strings, unicode, numbers). */
const EVERY_KIND: Record<WidgetKind, { settings: Record<string, unknown>; goal?: number }> = {
  draft: { settings: {} },
  content: {
    settings: {
      content: JSON.stringify({ blocks: [{ text: 'Olá, ação!', type: 'header-one' }], entityMap: {} }),
      no_overlay: true,
    },
  },
  form: {
    settings: {
      fields: JSON.stringify([
        { uid: 'f1', kind: 'text', label: 'Nome', placeholder: 'Seu nome', required: 'true' },
        { uid: 'f2', kind: 'dropdown', label: 'Bairro', placeholder: 'Boa Vista,Várzea', required: 'false' },
        { uid: 'f3', kind: 'greetings', label: 'Fim', placeholder: 'Valeu!', required: 'false' },
      ]),
      call_to_action: 'Assine',
      button_text: 'Enviar',
      main_color: '#ee0099',
      count_text: 'assinaturas',
      finish_message_type: 'custom',
      finish_message: { type: 'doc', children: [{ type: 'paragraph', children: [{ text: 'Obrigada!' }] }] },
      finish_message_background: '255,255,255,1',
      email_text: 'Obrigado por assinar',
      sender_name: 'Coletivo',
      sender_email: 'contato@example.org',
      email_subject: 'Recebemos sua assinatura',
    },
  },
  pressure: {
    settings: {
      targets: ['Vereadora Ana <ana@camara.example.org>', 'Vereador Zé <ze@camara.example.org>'],
      main_color: '#f23392',
      title_text: 'Pressione',
      pressure_subject: 'Vote sim',
      pressure_body: 'Linha 1\nLinha 2',
      disable_edit_field: 's',
      show_city: 'city-true',
    },
  },
  'pressure-phone': {
    settings: { targets: { 'Gabinete A': '+5581999990000', 'Gabinete B': '+5581988880000' }, title_text: 'Ligue' },
  },
  phone: { settings: { targets: ['Prefeitura <+558133330000>'], call_script: 'Olá, estou ligando…' } },
  donation: {
    goal: 1_000_050,
    settings: {
      payment_type: 'users_choice',
      recurring_period: 180,
      donation_value1: '10',
      donation_value2: '25',
      donation_value3: '50',
      donation_value4: '100',
      donation_value5: '250',
      default_donation_value: 3,
      main_color: '#54d0f6',
      goal_date_limit: '31/12/2025',
      payment_methods: 'true',
      external_resource: null,
    },
  },
  plip: { settings: { signature_goal: 1500, pdf_text: 'Projeto de lei de iniciativa popular' } },
  busao0800: { settings: { city: 'Recife', lines: [{ number: '033', name: 'Vila Rica' }] } },
};

const SOURCE_BLOCKS: BlockSeed[] = [
  {
    name: 'Topo',
    bgClass: 'bg-1',
    widgets: [
      { kind: 'content', ...EVERY_KIND.content, lgSize: 8, mdSize: 6, smSize: 12 },
      { kind: 'draft', ...EVERY_KIND.draft, lgSize: 4 },
    ],
  },
  {
    name: null,
    bgClass: JSON.stringify({ r: 10, g: 20, b: 30, a: 0.5 }),
    bgImage: 'https://cdn.example.org/bg.jpg',
    hidden: true,
    menuHidden: true,
    widgets: (['form', 'pressure', 'pressure-phone'] as const).map((kind) => ({
      kind,
      ...EVERY_KIND[kind],
      lgSize: 4,
    })),
  },
  {
    name: 'Fundo',
    widgets: (['phone', 'donation', 'plip', 'busao0800'] as const).map((kind) => ({
      kind,
      ...EVERY_KIND[kind],
      lgSize: 3,
      mdSize: 6,
    })),
  },
];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'alice@example.org' });
  const m = await createUser(db, { email: 'mob@example.org' });
  const b = await createUser(db, { email: 'bob@example.org' });
  await createUser(db, { email: 'root@example.org', isAdmin: true });
  alphaId = (await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] })).id;
  betaId = (await createCommunity(db, { name: 'Beta', ownerId: b.id })).id;
  alice = await signIn(server, 'alice@example.org');
  mob = await signIn(server, 'mob@example.org');
  bob = await signIn(server, 'bob@example.org');
  root = await signIn(server, 'root@example.org');
});
afterAll(() => server.close());

let slugs = 0;
async function sourceMobilization(communityId = alphaId) {
  slugs += 1;
  const m = await createMobilization(server.ctx.db, {
    communityId,
    name: `Origem ${slugs}`,
    slug: `origem-${slugs}`,
    colorScheme: 'meurio-scheme',
    headerFont: 'Oswald',
    bodyFont: 'Lato',
    facebookShareTitle: 'Compartilhe',
    blocks: SOURCE_BLOCKS,
  });
  // Deleted content is not part of the page, so it is not part of the template either.
  const [gone] = await createBlocks(server.ctx.db, m.id, [{ name: 'Removido', widgets: [{ kind: 'content' }] }], 10);
  await server.ctx.db
    .update(blocks)
    .set({ deletedAt: new Date() })
    .where(eq(blocks.id, gone?.blockId ?? 0));
  const [firstBlock] = m.widgets;
  await server.ctx.db.insert(widgets).values({
    blockId: firstBlock?.blockId ?? 0,
    kind: 'content',
    settings: { content: 'apagado' },
    deletedAt: new Date(),
  });
  return m;
}

async function emptyMobilization(communityId = alphaId) {
  slugs += 1;
  return createMobilization(server.ctx.db, { communityId, name: `Destino ${slugs}`, slug: `destino-${slugs}` });
}

/** The content of a page, as comparable data: blocks by position with their widgets, without ids or dates. */
async function pageOf(mobilizationId: number) {
  const { db } = server.ctx;
  const rows = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.mobilizationId, mobilizationId), isNull(blocks.deletedAt)))
    .orderBy(asc(blocks.position), asc(blocks.id));
  const ws = rows.length
    ? await db
        .select()
        .from(widgets)
        .where(
          and(
            inArray(
              widgets.blockId,
              rows.map((b) => b.id),
            ),
            isNull(widgets.deletedAt),
          ),
        )
        .orderBy(asc(widgets.id))
    : [];
  return rows.map((b) => ({
    name: b.name,
    position: b.position,
    hidden: b.hidden,
    menuHidden: b.menuHidden,
    bgClass: b.bgClass,
    bgImage: b.bgImage,
    widgets: ws
      .filter((w) => w.blockId === b.id)
      .map((w) => ({
        kind: w.kind,
        smSize: w.smSize,
        mdSize: w.mdSize,
        lgSize: w.lgSize,
        settings: w.settings,
        goal: w.goal,
      })),
  }));
}

async function templateContentOf(templateId: number) {
  const { db } = server.ctx;
  const rows = await db
    .select()
    .from(templateBlocks)
    .where(eq(templateBlocks.templateMobilizationId, templateId))
    .orderBy(asc(templateBlocks.position), asc(templateBlocks.id));
  const ws = rows.length
    ? await db
        .select()
        .from(templateWidgets)
        .where(
          inArray(
            templateWidgets.templateBlockId,
            rows.map((b) => b.id),
          ),
        )
        .orderBy(asc(templateWidgets.id))
    : [];
  return rows.map((b) => ({
    name: b.name,
    position: b.position,
    hidden: b.hidden,
    menuHidden: b.menuHidden,
    bgClass: b.bgClass,
    bgImage: b.bgImage,
    widgets: ws
      .filter((w) => w.templateBlockId === b.id)
      .map((w) => ({
        kind: w.kind,
        smSize: w.smSize,
        mdSize: w.mdSize,
        lgSize: w.lgSize,
        settings: w.settings,
        goal: w.goal,
      })),
  }));
}

async function templateRow(id: number) {
  const [row] = await server.ctx.db.select().from(templateMobilizations).where(eq(templateMobilizations.id, id));
  return row;
}

async function mobilizationRow(id: number) {
  const [row] = await server.ctx.db.select().from(mobilizations).where(eq(mobilizations.id, id));
  return row;
}

describe('POST /api/templates', () => {
  it("requires name and goal with 'Preenchimento obrigatório' and limits them to 100 and 500", async () => {
    const source = await sourceMobilization();
    const empty = await alice.post('/api/templates', { name: ' ', mobilization_id: source.id });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      errors: { name: ['Preenchimento obrigatório'], goal: ['Preenchimento obrigatório'] },
    });
    const long = await alice.post('/api/templates', {
      name: 'n'.repeat(101),
      goal: 'g'.repeat(501),
      mobilization_id: source.id,
    });
    expect(long.body.errors).toEqual({ name: ['Máximo de 100 caracteres'], goal: ['Máximo de 500 caracteres'] });
  });

  it('snapshots every block and widget, settings included, of any widget kind (status 200)', async () => {
    const source = await sourceMobilization();
    const res = await mob.post('/api/templates', {
      name: 'Meu modelo',
      goal: 'Para reusar',
      mobilization_id: source.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Meu modelo',
      goal: 'Para reusar',
      global: false,
      community_id: alphaId,
      uses_number: 0,
      color_scheme: 'meurio-scheme',
      header_font: 'Oswald',
      body_font: 'Lato',
      facebook_share_title: 'Compartilhe',
    });
    const expected = await pageOf(source.id);
    expect(expected.flatMap((b) => b.widgets.map((w) => w.kind)).sort()).toEqual(Object.keys(EVERY_KIND).sort());
    expect(await templateContentOf(res.body.id)).toEqual(expected);
  });

  it('lets only the platform admin make a global template', async () => {
    const source = await sourceMobilization();
    const refused = await alice.post('/api/templates', {
      name: 'Global?',
      goal: 'x',
      mobilization_id: source.id,
      global: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      global: ['Apenas administradores da plataforma podem criar templates globais'],
    });
    const made = await root.post('/api/templates', {
      name: 'Global!',
      goal: 'x',
      mobilization_id: source.id,
      global: true,
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ global: true, community_id: null });
  });

  it('writes nothing when the copy fails midway (one transaction)', async () => {
    const source = await sourceMobilization();
    await server.ctx.db
      .insert(widgets)
      .values({ blockId: (await lastBlockId(source.id)) ?? 0, settings: { explode: true } });
    await installExplodingTrigger('template_widgets');
    try {
      const count = async () => ({
        templates: (await server.ctx.db.select({ id: templateMobilizations.id }).from(templateMobilizations)).length,
        blocks: (await server.ctx.db.select({ id: templateBlocks.id }).from(templateBlocks)).length,
        widgets: (await server.ctx.db.select({ id: templateWidgets.id }).from(templateWidgets)).length,
      });
      const before = await count();
      const res = await alice.post('/api/templates', { name: 'Quebra', goal: 'x', mobilization_id: source.id });
      expect(res.status).toBe(500);
      expect(await count()).toEqual(before);
    } finally {
      await dropExplodingTrigger('template_widgets');
    }
  });
});

async function lastBlockId(mobilizationId: number) {
  const rows = await server.ctx.db
    .select({ id: blocks.id })
    .from(blocks)
    .where(and(eq(blocks.mobilizationId, mobilizationId), isNull(blocks.deletedAt)))
    .orderBy(asc(blocks.position));
  return rows.at(-1)?.id;
}

/** A trigger that fails any insert whose settings carry "explode": it makes a copy fail after it has begun. */
async function installExplodingTrigger(table: 'widgets' | 'template_widgets') {
  const { raw } = server.ctx.database;
  await raw.executeSql(`create or replace function test_explode() returns trigger language plpgsql as $$
    begin
      if new.settings ? 'explode' then raise exception 'boom'; end if;
      return new;
    end $$`);
  await raw.executeSql(
    `create trigger test_explode_${table} before insert on ${table} for each row execute function test_explode()`,
  );
}

async function dropExplodingTrigger(table: 'widgets' | 'template_widgets') {
  await server.ctx.database.raw.executeSql(`drop trigger if exists test_explode_${table} on ${table}`);
}

describe('POST /api/mobilizations/:id/template (create from template)', () => {
  it('copies the template into the mobilization exactly, counts the use and remembers the template', async () => {
    const source = await sourceMobilization();
    const template = (await alice.post('/api/templates', { name: 'Cópia', goal: 'x', mobilization_id: source.id }))
      .body;
    const target = await emptyMobilization();
    const res = await mob.post(`/api/mobilizations/${target.id}/template`, { template_mobilization_id: template.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: target.id,
      template_mobilization_id: template.id,
      color_scheme: 'meurio-scheme',
      header_font: 'Oswald',
      body_font: 'Lato',
      facebook_share_title: 'Compartilhe',
    });
    expect(await pageOf(target.id)).toEqual(await pageOf(source.id));
    expect((await templateRow(template.id))?.usesNumber).toBe(1);

    const again = await alice.post(`/api/mobilizations/${target.id}/template`, {
      template_mobilization_id: template.id,
    });
    expect(again.status).toBe(200);
    const page = await pageOf(target.id);
    expect(page).toHaveLength(6);
    expect(page.map((b) => b.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await templateRow(template.id))?.usesNumber).toBe(2);
  });

  it('keeps the mobilization’s own design settings', async () => {
    const template = await createTemplate(server.ctx.db, {
      name: 'Com design',
      communityId: alphaId,
      headerFont: 'Arvo',
      colorScheme: 'nossas-scheme',
      blocks: [{ widgets: [{ kind: 'content', settings: { content: '<p>Oi</p>' } }] }],
    });
    const target = await emptyMobilization();
    await server.ctx.db.update(mobilizations).set({ headerFont: 'Ubuntu' }).where(eq(mobilizations.id, target.id));
    const res = await alice.post(`/api/mobilizations/${target.id}/template`, { template_mobilization_id: template.id });
    expect(res.body).toMatchObject({ header_font: 'Ubuntu', color_scheme: 'nossas-scheme' });
  });

  it('uses global templates in any community', async () => {
    const global = await createTemplate(server.ctx.db, {
      name: 'Global de todos',
      global: true,
      blocks: [{ widgets: [{ kind: 'form', settings: { fields: '[]' } }] }],
    });
    const target = await emptyMobilization(betaId);
    const res = await bob.post(`/api/mobilizations/${target.id}/template`, { template_mobilization_id: global.id });
    expect(res.status).toBe(200);
    expect(await pageOf(target.id)).toEqual([
      {
        name: null,
        position: 1,
        hidden: false,
        menuHidden: false,
        bgClass: null,
        bgImage: null,
        widgets: [{ kind: 'form', smSize: 12, mdSize: 12, lgSize: 12, settings: { fields: '[]' }, goal: null }],
      },
    ]);
  });

  it('writes nothing when the copy fails midway (one transaction)', async () => {
    const template = await createTemplate(server.ctx.db, {
      name: 'Explode no meio',
      communityId: alphaId,
      blocks: [
        { name: 'Primeiro', widgets: [{ kind: 'content', settings: { content: 'ok' } }] },
        { name: 'Segundo', widgets: [{ kind: 'content', settings: { explode: true } }] },
      ],
    });
    const target = await emptyMobilization();
    await installExplodingTrigger('widgets');
    try {
      const res = await alice.post(`/api/mobilizations/${target.id}/template`, {
        template_mobilization_id: template.id,
      });
      expect(res.status).toBe(500);
    } finally {
      await dropExplodingTrigger('widgets');
    }
    expect(await pageOf(target.id)).toEqual([]);
    expect((await templateRow(template.id))?.usesNumber).toBe(0);
    expect((await mobilizationRow(target.id))?.templateMobilizationId).toBeNull();
  });

  it('needs a template id', async () => {
    const target = await emptyMobilization();
    const res = await alice.post(`/api/mobilizations/${target.id}/template`, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ template_mobilization_id: ['Escolha um template'] });
  });
});

describe('GET and DELETE /api/templates', () => {
  let own: number;
  let global: number;
  let foreign: number;
  beforeAll(async () => {
    const { db } = server.ctx;
    own = (await createTemplate(db, { name: 'AAA próprio', communityId: alphaId })).id;
    global = (await createTemplate(db, { name: 'AAA global', global: true })).id;
    foreign = (await createTemplate(db, { name: 'AAA de Beta', communityId: betaId })).id;
  });

  it("lists the community's own templates and the global ones, never another community's", async () => {
    const res = await mob.get(`/api/templates?community_id=${alphaId}`);
    expect(res.status).toBe(200);
    const ids = res.body.map((t: { id: number }) => t.id);
    expect(ids).toContain(own);
    expect(ids).toContain(global);
    expect(ids).not.toContain(foreign);
    const custom = await alice.get(`/api/templates?community_id=${alphaId}&global=false`);
    expect(
      custom.body.every((t: { global: boolean; community_id: number }) => !t.global && t.community_id === alphaId),
    ).toBe(true);
    const globals = await alice.get(`/api/templates?community_id=${alphaId}&global=true`);
    expect(globals.body.every((t: { global: boolean }) => t.global)).toBe(true);
  });

  it('needs community_id and membership', async () => {
    expect((await alice.get('/api/templates')).status).toBe(400);
    const foreignList = await bob.get(`/api/templates?community_id=${alphaId}`);
    const missingList = await bob.get('/api/templates?community_id=999999');
    expect(foreignList.status).toBe(404);
    expect(foreignList.body).toEqual(missingList.body);
  });

  it("deletes the community's own template, and refuses others as not found", async () => {
    const missing = await alice.delete('/api/templates/999999');
    const foreignDelete = await alice.delete(`/api/templates/${foreign}`);
    expect(foreignDelete.status).toBe(404);
    expect(foreignDelete.body).toEqual(missing.body);
    expect(await templateRow(foreign)).toBeDefined();

    const globalByMember = await alice.delete(`/api/templates/${global}`);
    expect(globalByMember.status).toBe(404);
    expect(await templateRow(global)).toBeDefined();

    const ok = await mob.delete(`/api/templates/${own}`);
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(own);
    expect(await templateRow(own)).toBeUndefined();

    const byRoot = await root.delete(`/api/templates/${global}`);
    expect(byRoot.status).toBe(200);
    expect(await templateRow(global)).toBeUndefined();
  });
});

describe('GET /api/templates/:id/preview', () => {
  it('gives the design and the first three visible blocks with their widgets, to those who may use the template', async () => {
    const { db } = server.ctx;
    const content = (text: string) => ({
      kind: 'content' as const,
      settings: { content: `[{"type":"paragraph","children":[{"text":"${text}"}]}]` },
    });
    const own = await createTemplate(db, {
      name: 'Com prévia',
      communityId: alphaId,
      colorScheme: 'meurio-scheme',
      headerFont: 'Oswald',
      blocks: [
        { name: 'Topo', widgets: [content('Primeiro'), { kind: 'form', settings: { call_to_action: 'Assine' } }] },
        { name: 'Escondido', hidden: true, widgets: [content('Oculto')] },
        { name: 'Meio', widgets: [content('Segundo')] },
        { name: 'Fim', widgets: [content('Terceiro')] },
        { name: 'Depois', widgets: [content('Quarto')] },
      ],
    });
    const res = await mob.get(`/api/templates/${own.id}/preview`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: own.id,
      name: 'Com prévia',
      color_scheme: 'meurio-scheme',
      header_font: 'Oswald',
    });
    expect(res.body.blocks.map((b: { name: string }) => b.name)).toEqual(['Topo', 'Meio', 'Fim']);
    expect(res.body.blocks[0].widgets.map((w: { kind: string }) => w.kind)).toEqual(['content', 'form']);
    expect(res.body.blocks[0].widgets[1]).toMatchObject({ settings: { call_to_action: 'Assine' }, lg_size: 12 });

    const global = await createTemplate(db, {
      name: 'Global com prévia',
      global: true,
      blocks: [{ widgets: [content('G')] }],
    });
    expect((await bob.get(`/api/templates/${global.id}/preview`)).body.blocks).toHaveLength(1);
    const foreign = await bob.get(`/api/templates/${own.id}/preview`);
    const missing = await bob.get('/api/templates/999999/preview');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('another community gets nothing', () => {
  it('cannot snapshot, apply or be applied across communities', async () => {
    const alphaSource = await sourceMobilization();
    const snapshot = await bob.post('/api/templates', { name: 'Roubo', goal: 'x', mobilization_id: alphaSource.id });
    const missing = await bob.post('/api/templates', { name: 'Roubo', goal: 'x', mobilization_id: 999999 });
    expect(snapshot.status).toBe(404);
    expect(snapshot.body).toEqual(missing.body);

    const alphaTemplate = await createTemplate(server.ctx.db, {
      name: 'Só de Alpha',
      communityId: alphaId,
      blocks: [{ widgets: [{ kind: 'content' }] }],
    });
    const betaTarget = await emptyMobilization(betaId);
    const useForeign = await bob.post(`/api/mobilizations/${betaTarget.id}/template`, {
      template_mobilization_id: alphaTemplate.id,
    });
    expect(useForeign.status).toBe(404);
    expect(await pageOf(betaTarget.id)).toEqual([]);
    expect((await templateRow(alphaTemplate.id))?.usesNumber).toBe(0);

    // Even a member of both communities cannot pour one community's template into the other's page.
    const both = await createUser(server.ctx.db, { email: 'both@example.org' });
    const ids = [alphaId, betaId];
    await server.ctx.db
      .insert(communityUsers)
      .values(ids.map((communityId) => ({ communityId, userId: both.id, role: 2 })));
    const bothClient = await signIn(server, 'both@example.org');
    const cross = await bothClient.post(`/api/mobilizations/${betaTarget.id}/template`, {
      template_mobilization_id: alphaTemplate.id,
    });
    expect(cross.status).toBe(404);
  });
});
