import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { MOBILIZATION_FONTS } from '@mutirao/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { fontFaceCss } from '../public/fonts';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

/* The header and body fonts of spec 01 §9 are set in the settings and served by this server, never a font CDN. */

let server: TestServer;
let alice: Client;
let pageId: number;

function get(host: string, path: string): Promise<{ status: number; type: string; body: Buffer }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

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

    const page = await get('fontes.localhost', '/');
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    expect(html).toContain("font-family:'Glegoo'");
    expect(html).toContain("font-family:'Droid Sans'");
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    const urls = [...html.matchAll(/url\((\/_fonts\/[^)]+\.woff2)\)/g)].map((m) => m[1] as string);
    expect(urls.some((u) => u.startsWith('/_fonts/glegoo/'))).toBe(true);
    expect(urls.some((u) => u.startsWith('/_fonts/noto-sans/'))).toBe(true);
    for (const url of new Set(urls)) {
      const file = await get('fontes.localhost', url);
      expect(file.status, url).toBe(200);
      expect(file.type).toBe('font/woff2');
      expect(file.body.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it('refuses a font outside the list', async () => {
    const res = await alice.put(`/api/mobilizations/${pageId}`, { mobilization: { body_font: 'Comic Sans MS' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ body_font: ['Escolha uma fonte da lista'] });
  });
});
