import { type RichTextDocument, serializeContent } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, eventually, getByHost, signIn, startTestServer, type TestServer } from '../../test/harness';
import { blocks, mobilizations } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';
import { answeredFromMemory } from './routes';

const DOC: RichTextDocument = [
  { type: 'heading', level: 1, children: [{ text: 'Ciclovia na Avenida Norte já!' }] },
  {
    type: 'paragraph',
    align: 'center',
    children: [
      { text: 'Pedalar ', bold: true },
      { text: 'é direito. ' },
      { type: 'link', href: 'https://example.org/abaixo-assinado', target: '_blank', children: [{ text: 'Assine' }] },
      { text: ' <script>alert(1)</script>' },
    ],
  },
];
const content = (doc: RichTextDocument) => ({ content: serializeContent(doc) });

let server: TestServer;
let alice: Client;
let pageId: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with its own Host header, as a browser on that host would send. */
/** A request with its own Host header, as a browser on that host would send, with the body as text. */
async function get(host: string, path = '/', headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await getByHost(server, host, path, headers);
  return { ...answer, body: answer.body.toString('utf8') };
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'pages@example.org' });
  const community = await createCommunity(db, { name: 'Pedal', ownerId: a.id });
  alice = await signIn(server, 'pages@example.org');
  const page = await createMobilization(db, {
    communityId: community.id,
    userId: a.id,
    name: 'Ciclovia Já',
    slug: 'ciclovia-ja',
    language: 'es',
    customDomain: 'www.cicloviaja.org',
    facebookShareTitle: 'Ciclovia já & agora',
    facebookShareDescription: 'Uma ciclovia segura na Avenida Norte',
    facebookShareImage: 'https://cdn.example.org/share.png',
    twitterShareText: 'Eu apoio a #CicloviaJá',
    blocks: [
      { name: 'Início', widgets: [{ kind: 'content', settings: content(DOC) }] },
      {
        name: 'Bloco escondido',
        hidden: true,
        widgets: [{ kind: 'content', settings: content([{ type: 'paragraph', children: [{ text: 'SEGREDO' }] }]) }],
      },
      {
        name: 'Fora do menu',
        menuHidden: true,
        widgets: [
          {
            kind: 'content',
            smSize: 12,
            mdSize: 6,
            lgSize: 6,
            settings: content([{ type: 'paragraph', children: [{ text: 'Visível sem menu' }] }]),
          },
          { kind: 'draft', smSize: 12, mdSize: 6, lgSize: 6 },
        ],
      },
    ],
  });
  pageId = page.id;
  await createMobilization(db, { communityId: community.id, name: 'Arquivada', slug: 'arquivada', status: 'archived' });
  const deleted = await createMobilization(db, { communityId: community.id, name: 'Apagada', slug: 'apagada' });
  await db.update(mobilizations).set({ deletedAt: new Date() }).where(eq(mobilizations.id, deleted.id));
});
afterAll(() => server.close());

describe('public pages, chosen by host', () => {
  it('renders the page on its slug host with blocks, meta, language, and no admin app', async () => {
    const res = await get('ciclovia-ja.localhost:3000');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain('<title>Ciclovia Já</title>');
    expect(html).toContain('<meta property="og:title" content="Ciclovia já &amp; agora">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.org/share.png">');
    expect(html).toContain('<meta name="twitter:description" content="Eu apoio a #CicloviaJá">');
    // APP_URL's scheme and port (the tests' default http://localhost:3000), and the custom domain as stored.
    expect(html).toContain('<link rel="canonical" href="http://www.cicloviaja.org:3000/">');
    expect(html).toContain('Ciclovia na Avenida Norte já!');
    expect(html).toContain('href="https://example.org/abaixo-assinado"');
    expect(html).toContain('Visível sem menu');
    // Hidden blocks are absent; visitor-facing text is escaped, never run.
    expect(html).not.toContain('SEGREDO');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The navbar names visible blocks, leaving out the one hidden from the menu.
    expect(html).toContain('Início');
    expect(html).not.toMatch(/<a[^>]*>Fora do menu<\/a>/);
    expect(html).not.toContain('/assets/index-');
    // Content only: no island bundle, no embedded messages.
    expect(html).not.toContain('/_mz/');
    expect(html).not.toContain('mz-messages');
  });

  it('hydrates a form: its props, the messages and the hashed bundle, cached for a year', async () => {
    const { db } = server.ctx;
    const community = await createCommunity(db, { name: 'Ilhas' });
    await createMobilization(db, {
      communityId: community.id,
      name: 'Com formulário',
      slug: 'com-formulario',
      blocks: [
        {
          widgets: [
            {
              kind: 'form',
              settings: {
                call_to_action: 'Assine',
                button_text: 'Enviar',
                fields: JSON.stringify([
                  { uid: 'e', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
                ]),
              },
            },
          ],
        },
      ],
    });
    const html = (await get('com-formulario.localhost')).body;
    expect(html).toContain('data-mz-island="form"');
    expect(html).toContain('<script type="application/json" id="mz-messages">');
    const src = /<script defer src="(\/_mz\/islands-[\w-]+\.js)"><\/script><\/body>/.exec(html)?.[1];
    expect(src).toBeDefined();
    const bundle = await get('com-formulario.localhost', src, { 'accept-encoding': 'gzip' });
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(bundle.body).toContain('data-mz-island');
    expect((await get('com-formulario.localhost', '/_mz/islands-stale.js')).status).toBe(404);
  });

  it('answers on the custom domain with or without www., gzipped, with an ETag and 304', async () => {
    for (const host of ['www.cicloviaja.org', 'cicloviaja.org']) {
      const res = await get(host, '/', { 'accept-encoding': 'gzip' });
      expect(res.status, host).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body).toContain('Ciclovia na Avenida Norte já!');
      const again = await get(host, '/', { 'if-none-match': String(res.headers.etag) });
      expect(again.status).toBe(304);
    }
  });

  it('answers a page already in memory before Fastify, with the same headers, 304 and HEAD', async () => {
    // Without the lookup cache (PostgreSQL's default) every view asks the database, so this needs its own server.
    const cached =
      server.ctx.database.kind === 'pglite' ? server : await startTestServer({ env: { PUBLIC_LOOKUP_CACHE: 'true' } });
    try {
      const owner = await createUser(cached.ctx.db, { email: 'memoria@example.org' });
      const community = await createCommunity(cached.ctx.db, { name: 'Memória', ownerId: owner.id });
      await createMobilization(cached.ctx.db, {
        communityId: community.id,
        userId: owner.id,
        name: 'Em memória',
        slug: 'em-memoria',
        blocks: [{ name: 'Início', widgets: [{ kind: 'content', settings: content(DOC) }] }],
      });
      const fromMemory = () => answeredFromMemory.get(cached.app)?.count ?? 0;
      const request = async (method: string, headers: Record<string, string> = {}) => {
        const answer = await getByHost(
          cached,
          'em-memoria.localhost',
          '/',
          { 'accept-encoding': 'gzip', ...headers },
          method,
        );
        return { ...answer, body: answer.body.toString('utf8') };
      };
      const withoutDate = ({ date: _date, ...rest }: Answer['headers']) => rest;
      const first = await request('GET');
      expect(first.body).toContain('Ciclovia na Avenida Norte já!');
      // The host lookup is kept once the listener is up (at once on PGlite; after LISTEN on PostgreSQL), and on
      // PostgreSQL the page's own creation may still be announced after the first view, emptying memory again:
      // asked again until memory answers.
      const second = await eventually(async () => {
        const before = fromMemory();
        const again = await request('GET');
        return fromMemory() === before + 1 && again;
      });
      expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
      expect(second.body).toBe(first.body);
      expect(second.headers).toMatchObject({
        'content-security-policy': expect.stringContaining("object-src 'none'"),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'content-encoding': 'gzip',
        vary: 'accept-encoding',
      });
      const head = await request('HEAD');
      expect([head.status, head.body, head.headers['content-length']]).toEqual([
        200,
        '',
        first.headers['content-length'],
      ]);
      const notModified = await request('GET', { 'if-none-match': String(first.headers.etag) });
      expect([notModified.status, notModified.body]).toEqual([304, '']);
      const plain = await getByHost(cached, 'em-memoria.localhost', '/');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(first.body);
    } finally {
      if (cached !== server) await cached.close();
    }
  });

  it("shows the community's image in the link preview of a page without a share image, and follows its changes", async () => {
    const { db } = server.ctx;
    const owner = await createUser(db, { email: 'sem-imagem@example.org' });
    const community = await createCommunity(db, { name: 'Sem imagem', ownerId: owner.id });
    await createMobilization(db, { communityId: community.id, name: 'Praça viva', slug: 'praca-viva' });
    const ogImage = async () =>
      /<meta property="og:image" content="([^"]*)">/.exec((await get('praca-viva.localhost')).body)?.[1];
    // No image anywhere: no og:image, and the card is the small one.
    expect(await ogImage()).toBeUndefined();
    expect((await get('praca-viva.localhost')).body).toContain('<meta name="twitter:card" content="summary">');
    const owned = await signIn(server, 'sem-imagem@example.org');
    const put = (image: string) => owned.put(`/api/communities/${community.id}`, { community: { image } });
    expect((await put('/uploads/praca.png')).status).toBe(200);
    // The rendering cached before the change is not served: the address is absolute, as crawlers need.
    expect(await ogImage()).toBe('http://praca-viva.localhost:3000/uploads/praca.png');
    expect((await put('https://cdn.example.org/logo.png')).status).toBe(200);
    expect(await ogImage()).toBe('https://cdn.example.org/logo.png');
  });

  it('gives a 404 page for archived, deleted and unknown pages, and for other paths', async () => {
    for (const [host, path] of [
      ['arquivada.localhost', '/'],
      ['apagada.localhost', '/'],
      ['nao-existe.localhost', '/'],
      ['ciclovia-ja.localhost', '/admin'],
    ] as const) {
      const res = await get(host, path, { 'accept-language': 'en' });
      expect(res.status, `${host}${path}`).toBe(404);
      expect(res.body).toContain('Page not found');
    }
  });

  it('shows an edit on the very next request, and stops serving a page once archived', async () => {
    const before = await get('ciclovia-ja.localhost');
    await alice.put(`/api/mobilizations/${pageId}`, { mobilization: { name: 'Ciclovia Já, agora' } });
    const after = await get('ciclovia-ja.localhost');
    expect(after.body).toContain('<title>Ciclovia Já, agora</title>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const { db } = server.ctx;
    await db.update(blocks).set({ hidden: false }).where(eq(blocks.name, 'Bloco escondido'));
    expect((await get('ciclovia-ja.localhost')).body).toContain('SEGREDO');
    await db.update(mobilizations).set({ status: 'archived' }).where(eq(mobilizations.id, pageId));
    expect((await get('ciclovia-ja.localhost')).status).toBe(404);
    await db.update(mobilizations).set({ status: 'active' }).where(eq(mobilizations.id, pageId));
  });

  it('links the favicon and loads Google Analytics only for a valid id', async () => {
    const { db } = server.ctx;
    const without = (await get('ciclovia-ja.localhost')).body;
    expect(without).toContain('<link rel="icon" href="data:,">');
    expect(without).not.toContain('googletagmanager');
    await db
      .update(mobilizations)
      .set({ favicon: 'https://cdn.example.org/icone.png?a=1&b="2"', googleAnalyticsCode: 'G-ABC1234' })
      .where(eq(mobilizations.id, pageId));
    // The change reaches every process's cached lookup through NOTIFY, a moment after the commit.
    const withBoth = await eventually(async () => {
      const body = (await get('ciclovia-ja.localhost')).body;
      return body.includes('icone.png') && body;
    });
    expect(withBoth).toContain('<link rel="icon" href="https://cdn.example.org/icone.png?a=1&amp;b=&quot;2&quot;">');
    expect(withBoth).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC1234"></script>');
    expect(withBoth).toContain("gtag('config','G-ABC1234')");
    // A stored code that is not an analytics id (older data, or SQL by hand) never reaches the page.
    await db
      .update(mobilizations)
      .set({ googleAnalyticsCode: "G-1');alert(1);('" })
      .where(eq(mobilizations.id, pageId));
    const bad = await eventually(async () => {
      const body = (await get('ciclovia-ja.localhost')).body;
      return !body.includes('G-ABC1234') && body;
    });
    expect(bad).not.toContain('googletagmanager');
    expect(bad).not.toContain("G-1');alert(1)");
    await db
      .update(mobilizations)
      .set({ favicon: null, googleAnalyticsCode: null })
      .where(eq(mobilizations.id, pageId));
  });

  it('leaves the admin host and the API alone', async () => {
    expect((await get('localhost:3000', '/api/health')).status).toBe(200);
    expect((await get('ciclovia-ja.localhost', '/api/health')).status).toBe(200);
  });

  it('serves the self-hosted font files a page links to, and nothing else', async () => {
    const ok = await get('ciclovia-ja.localhost', '/_fonts/roboto/roboto-latin-400-normal.woff2');
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('font/woff2');
    expect((await get('localhost', '/_fonts/roboto/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await get('localhost', '/_fonts/not-a-font/x-latin-400-normal.woff2')).status).toBe(404);
  });
});
