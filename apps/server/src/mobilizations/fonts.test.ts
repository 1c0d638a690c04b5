import { MOBILIZATION_FONTS } from '@mutirao/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, getByHost, signIn, startTestServer, type TestServer } from '../../test/harness';
import { fontFaceCss } from '../public/fonts';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

/* The header and body fonts of spec 01 §9 are set in the settings and served by this server, never a font CDN. */

let server: TestServer;
let alice: Client;
let pageId: number;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'fonts@example.org' });
  const community = await createCommunity(db, { name: 'Tipos', ownerId: a.id });
  pageId = (await createMobilization(db, { communityId: community.id, name: 'Fontes próprias', slug: 'fontes' })).id;
  alice = await signIn(server, 'fonts@example.org');
});
afterAll(() => server.close());

describe('mobilization fonts', () => {
  it('has self-hosted files for every font of the list', () => {
    for (const family of MOBILIZATION_FONTS) {
      const css = fontFaceCss([family]);
      expect(css, family).toContain(`font-family:'${family}'`);
      expect(css, family).toMatch(/src:url\(\/_fonts\/[a-z0-9-]+\/[a-z0-9-]+-latin-400-normal\.woff2\)/);
    }
  });

  it('are set in the settings and loaded by the public page from this server', async () => {
    const saved = await alice.put(`/api/mobilizations/${pageId}`, {
      mobilization: { header_font: 'Glegoo', body_font: 'Droid Sans', color_scheme: 'nossas-scheme' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ header_font: 'Glegoo', body_font: 'Droid Sans', color_scheme: 'nossas-scheme' });

    const page = await getByHost(server, 'fontes.localhost', '/');
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    expect(html).toContain("font-family:'Glegoo'");
    expect(html).toContain("font-family:'Droid Sans'");
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    // Optional and not preloaded: a preloaded font held Chromium's first paint back by seconds (docs/bench.md).
    expect(html).toContain('font-display:optional');
    expect(html).not.toContain('rel="preload"');
    const urls = [...html.matchAll(/url\((\/_fonts\/[^)]+\.woff2)\)/g)].map((m) => m[1] as string);
    expect(urls.some((u) => u.startsWith('/_fonts/glegoo/'))).toBe(true);
    expect(urls.some((u) => u.startsWith('/_fonts/noto-sans/'))).toBe(true);
    for (const url of new Set(urls)) {
      const file = await getByHost(server, 'fontes.localhost', url);
      expect(file.status, url).toBe(200);
      expect(file.headers['content-type']).toBe('font/woff2');
      expect(file.body.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it('refuses a font outside the list', async () => {
    const res = await alice.put(`/api/mobilizations/${pageId}`, { mobilization: { body_font: 'Comic Sans MS' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ body_font: ['Escolha uma fonte da lista'] });
  });
});
