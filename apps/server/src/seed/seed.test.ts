import { request as httpRequest } from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getByHost, signIn, startTestServer, type TestServer } from '../../test/harness';
import {
  activists,
  communities,
  mobilizations,
  subthemes,
  templateBlocks,
  templateMobilizations,
  templateWidgets,
  themes,
  users,
} from '../db/schema';
import { DEMO_BOT_SUBSCRIBERS, DEMO_ORGANISER, seedDemoIfEmpty } from './demo';
import { DEMO_SIGN_UPS } from './demoForm';
import { seedThemes, THEMES } from './themes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ENABLE_TEST_SEED: 'true' } });
});
afterAll(() => server.close());

describe('the demo seed', () => {
  it('adds themes, the global template library and demo mobilizations once', async () => {
    const { db } = server.ctx;
    expect(await seedDemoIfEmpty(db, server.ctx.storage)).toBe(true);
    expect(await seedDemoIfEmpty(db, server.ctx.storage)).toBe(false);

    const themeRows = await db.select().from(themes);
    expect(themeRows.length).toBeGreaterThanOrEqual(6);
    for (const theme of themeRows) {
      const [n] = await db.select({ n: count() }).from(subthemes).where(eq(subthemes.themeId, theme.id));
      expect(Number(n?.n)).toBeGreaterThanOrEqual(3);
      expect(Number(n?.n)).toBeLessThanOrEqual(5);
    }

    const globals = await db.select().from(templateMobilizations).where(eq(templateMobilizations.global, true));
    expect(globals.length).toBeGreaterThanOrEqual(3);
    for (const template of globals) {
      const kinds = await db
        .select({ kind: templateWidgets.kind, settings: templateWidgets.settings })
        .from(templateWidgets)
        .innerJoin(templateBlocks, eq(templateBlocks.id, templateWidgets.templateBlockId))
        .where(eq(templateBlocks.templateMobilizationId, template.id));
      expect(kinds.length, template.name).toBeGreaterThan(1);
      const content = kinds.find((k) => k.kind === 'content');
      expect(String(content?.settings.content)).toMatch(/^<h1>/);
    }
    const form = await db
      .select({ settings: templateWidgets.settings })
      .from(templateWidgets)
      .where(eq(templateWidgets.kind, 'form'));
    expect(JSON.parse(String(form[0]?.settings.fields)).map((f: { label: string }) => f.label)).toContain('E-mail');
    // The demo community's chat bot is configuration 1, with a few dozen subscribers who are its people.
    const bot = await db.execute(sql`select c.id, c.community_id, count(f.id)::int as subscribers,
        count(a.id) filter (where a.first_name is not null)::int as named
      from facebook_bot_configurations c
      join facebook_bot_activists f on f.facebook_bot_configuration_id = c.id
      join activists a on a.id = f.activist_id and a.community_id = c.community_id
      group by c.id order by c.id`);
    expect((bot as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 1, community_id: 1, subscribers: DEMO_BOT_SUBSCRIBERS, named: DEMO_BOT_SUBSCRIBERS },
    ]);
  });

  it('shows the demo organiser active and archived mobilizations with counts and amounts', async () => {
    const client = await signIn(server, DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    const [community] = await server.ctx.db
      .select()
      .from(communities)
      .where(eq(communities.name, 'Coletivo Bem Viver'));
    const active = await client.get(`/api/mobilizations?community_id=${community?.id}&status=active`);
    expect(active.body.length).toBeGreaterThanOrEqual(3);
    const fund = active.body.find((m: { slug: string }) => m.slug === 'fundo-solidario-chuvas');
    // Four paid one-off gifts and the first charge of a recurring donation.
    expect(fund).toMatchObject({ users_count: 4, total_fund_raising: 171_050 });
    expect(fund.subthemes.length).toBe(2);
    const widgets = await client.get(`/api/mobilizations/${fund.id}/widgets`);
    const gifts = widgets.body.find((w: { kind: string }) => w.kind === 'donation');
    const figures = await client.get(`/api/mobilizations/${fund.id}/widgets/${gifts.id}/donation_figures`);
    expect(figures.body.figures).toEqual({
      pledged: 171_050,
      paid: 5,
      pending: 1,
      refused: 1,
      refunded: 1,
      recurring_active: 1,
    });
    const archived = await client.get(`/api/mobilizations?community_id=${community?.id}&status=archived`);
    expect(archived.body.map((m: { name: string }) => m.name)).toEqual(['Carnaval sem assédio']);
    const templates = await client.get(`/api/templates?community_id=${community?.id}&global=true`);
    expect(templates.body.length).toBeGreaterThanOrEqual(3);
  });

  it('publishes a real-looking campaign page with images, a hidden block and one left out of the menu', async () => {
    const { port } = new URL(server.url);
    const page = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/', headers: { host: 'moradia-digna-recife.localhost' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(page).toContain('Moradia digna no centro do Recife');
    // The document gives the picture no size: it comes from the stored upload, so its box is kept before it loads.
    expect(page).toMatch(/<img[^>]*src="\/uploads\/demo\/moradia-centro\.jpg"[^>]* width="1200" height="630"/);
    expect(page).toContain('href="https://example.org/levantamento-imoveis-vazios"');
    expect(page).not.toContain('Rascunho: depoimentos');
    expect(page).toContain('Coletivo Bem Viver');
    expect(page).not.toMatch(/<a[^>]*>Quem somos<\/a>/);
    expect(page).toContain(
      // The page's address comes from configuration (PORT 3000 in development), never from the request.
      '<meta property="og:image" content="http://moradia-digna-recife.localhost:3000/uploads/demo/moradia-centro.jpg">',
    );
    const image = await fetch(`${server.url}/uploads/demo/moradia-centro.jpg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    // Read to the end, or the open response would hold the server's close.
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('gives Lighthouse a page of content only through the test seed: the demo texts and pictures, no form, no script', async () => {
    const seeded = await fetch(`${server.url}/api/dev/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: { email: 'farol@example.org', password: 'password123' },
        communities: [{ name: 'Farol', contentPage: true }],
      }),
    });
    expect(seeded.status).toBe(201);
    const { content_page } = ((await seeded.json()) as { communities: { content_page: { slug: string } }[] })
      .communities[0] ?? { content_page: { slug: '' } };
    const page = await getByHost(server, `${content_page.slug}.localhost`);
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    expect(html).toContain('O que está acontecendo');
    expect(html).toMatch(/<img[^>]*assembleia\.jpg"[^>]* width="800" height="500"/);
    expect(html).not.toContain('<form');
    expect(html).not.toContain('data-mz-island');
    expect(html).not.toContain('Rascunho: depoimentos');
  });

  it('gives the demo page a sign-up form with a thank-you e-mail and a few hundred entries to report on', async () => {
    const client = await signIn(server, DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    const [page] = await server.ctx.db
      .select()
      .from(mobilizations)
      .where(eq(mobilizations.slug, 'moradia-digna-recife'));
    const list = await client.get(`/api/mobilizations/${page?.id}/widgets`);
    const signUp = list.body.find((w: { settings: { call_to_action?: string } }) =>
      w.settings.call_to_action?.includes('mutirão'),
    );
    expect(signUp).toMatchObject({ kind: 'form', form_entries_count: DEMO_SIGN_UPS });
    expect(signUp.settings).toMatchObject({ finish_message_type: 'custom', sender_name: 'Coletivo Bem Viver' });
    expect(JSON.parse(signUp.settings.fields).map((f: { kind: string }) => f.kind)).toEqual([
      'text',
      'email',
      'text',
      'dropdown',
    ]);
    const csv = await client.get(`/api/mobilizations/${page?.id}/form_entries.csv?widget_id=${signUp.id}`);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines).toHaveLength(DEMO_SIGN_UPS + 1);
    expect(lines[1]).toMatch(/^[^,]+ [^,]+,[a-z.]+\d+@example\.org,/);
    const [people] = await server.ctx.db
      .select({ n: count() })
      .from(activists)
      .where(eq(activists.communityId, page?.communityId ?? 0));
    expect(Number(people?.n)).toBeGreaterThanOrEqual(DEMO_SIGN_UPS);
  });

  it('lets the demo organiser publish every demo page, and a page made from each global template', async () => {
    const { db } = server.ctx;
    await seedDemoIfEmpty(db, server.ctx.storage);
    const organiser = await signIn(server, DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ORGANISER.email));
    const pages = await db
      .select({ id: mobilizations.id, name: mobilizations.name, communityId: mobilizations.communityId })
      .from(mobilizations)
      .where(eq(mobilizations.userId, demo?.id ?? 0));
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      const published = await organiser.post(`/api/mobilizations/${page.id}/publish`, {});
      expect(published.status, `${page.name}: ${JSON.stringify(published.body)}`).toBe(200);
    }
    const community = { id: pages[0]?.communityId };
    const globals = await db.select().from(templateMobilizations).where(eq(templateMobilizations.global, true));
    for (const template of globals) {
      const made = await organiser.post('/api/mobilizations', {
        mobilization: {
          name: `Da biblioteca ${template.id}`,
          goal: 'Publicar a partir de um modelo',
          community_id: community?.id,
          subthemes: [(await db.select({ id: subthemes.id }).from(subthemes).limit(1))[0]?.id],
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const copied = await organiser.post(`/api/mobilizations/${made.body.id}/template`, {
        template_mobilization_id: template.id,
      });
      expect(copied.status, JSON.stringify(copied.body)).toBe(200);
      const published = await organiser.post(`/api/mobilizations/${made.body.id}/publish`, {});
      expect(published.status, `${template.name}: ${JSON.stringify(published.body)}`).toBe(200);
    }
  });

  it('completes themes without duplicating them', async () => {
    const { db } = server.ctx;
    await seedThemes(db);
    await seedThemes(db);
    const [n] = await db.select({ n: count() }).from(subthemes);
    expect(Number(n?.n)).toBe(THEMES.flatMap((t) => t.subthemes).length);
  });
});
