import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage, pressureSettings } from '../../test/formPage';
import { Client, startTestServer, type TestServer } from '../../test/harness';
import { adminBaseUrl } from '../config';
import { communities, mobilizations } from '../db/schema';

let server: TestServer;
const SITE = 'https://parceira.example.org';
const OTHER = 'https://outra.example.org';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const allow = (communityId: number, origins: string[]) =>
  server.ctx.db.update(communities).set({ embedOrigins: origins }).where(eq(communities.id, communityId));

describe('GET /api/embed/widgets/:id', () => {
  it('renders a published form for an allowed site: markup, props, messages, theme and bundle, CORS to that site', async () => {
    const { form, communityId, page } = await createFormPage(server.ctx.db);
    await allow(communityId, [SITE]);
    const client = new Client(server.url);
    const res = await client.get(`/api/embed/widgets/${form.id}`, { origin: SITE });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = res.body;
    expect(body).toMatchObject({ kind: 'form', island: 'form', locale: 'pt-BR' });
    expect(body.html).toContain('class="mz-page mz-scheme-');
    expect(body.html).toContain('data-mz-island="form"');
    expect(body.html).toContain('Participe');
    expect(body.props.model.widgetId).toBe(form.id);
    expect(body.messages.formView).toBeTruthy();
    expect(body.messages.kinds).toEqual({});
    expect(body.css).toContain(':host{all:initial;display:block}');
    // Absolute addresses from configuration: the bundle, the fonts and the consent notice's link.
    const base = adminBaseUrl(server.ctx.config);
    expect(body.script.startsWith(`${base}/_mz/embed-form-`)).toBe(true);
    expect(body.fonts).toContain(`url(${base}/_fonts/`);
    expect(body.privacy).toBe(`${base}/privacy?mobilization=${page.id}`);
    expect(body.html).toContain(`href="${base}/privacy?mobilization=${page.id}"`);

    const script = await fetch(server.url + new URL(body.script).pathname);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toContain('__mutiraoEmbed');
  });

  it("refuses a site the community does not list with 403 and the reason in the page's language, CORS open", async () => {
    const { form, communityId } = await createFormPage(server.ctx.db, {
      kind: 'pressure',
      settings: pressureSettings(),
    });
    await allow(communityId, [SITE]);
    await server.ctx.db.update(mobilizations).set({ language: 'es' }).where(eq(mobilizations.communityId, communityId));
    const client = new Client(server.url);
    const refused = await client.get(`/api/embed/widgets/${form.id}`, { origin: OTHER, 'accept-language': 'pt-BR' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(OTHER);
    expect(refused.body).toEqual({
      errors: [
        'Este sitio no tiene permiso para insertar este widget. Pide a la organización que lo incluya en la lista de sitios autorizados.',
      ],
    });
    // No Origin at all (a server, curl) is no allowed site either.
    expect((await client.get(`/api/embed/widgets/${form.id}`)).status).toBe(403);
    const allowed = await client.get(`/api/embed/widgets/${form.id}`, { origin: SITE });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ kind: 'pressure', island: 'pressure', locale: 'es' });
    expect(allowed.body.messages.formView.requestFailed).toMatch(/[a-z]/);
    expect(Object.keys(allowed.body.messages.kinds)).toEqual(['pressure']);
  });

  it('answers 404 for a widget not on a published page, and for a kind that cannot be embedded', async () => {
    const archived = await createFormPage(server.ctx.db, { status: 'archived' });
    await allow(archived.communityId, [SITE]);
    const client = new Client(server.url);
    const gone = await client.get(`/api/embed/widgets/${archived.form.id}`, { origin: SITE });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(gone.body.errors).toHaveLength(1);
    const { content, communityId } = await createFormPage(server.ctx.db);
    await allow(communityId, [SITE]);
    const notAction = await client.get(`/api/embed/widgets/${content.id}`, { origin: SITE });
    expect(notAction.status).toBe(404);
    expect(notAction.body).toEqual({ errors: ['Este widget não pode ser incorporado em outro site.'] });
  });

  it('serves the loader at /embed.js with the configured address written in, cached for five minutes', async () => {
    const res = await fetch(`${server.url}/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const code = await res.text();
    expect(code).toContain(`"${adminBaseUrl(server.ctx.config)}"`);
    expect(code).not.toContain('%%MUTIRAO_BASE%%');
    expect(code).toContain('data-mutirao-widget');
  });
});
