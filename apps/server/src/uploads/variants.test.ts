import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RichTextDocument, serializeContent } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  eventually,
  getByHost,
  signIn,
  startTestServer,
  type TestServer,
  uploadFixture,
} from '../../test/harness';
import { uploads } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';
import { imageDimensions } from './dimensions';
import type { LocalStorage } from './storage';
import { imageVariantsJob } from './variants';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures', name));

let server: TestServer;
let client: Client;
let communityId: number;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  const user = await createUser(server.ctx.db, { email: 'variants@example.org' });
  const community = await createCommunity(server.ctx.db, { name: 'Cópias', ownerId: user.id });
  communityId = community.id;
  userId = user.id;
  client = await signIn(server, 'variants@example.org');
});
afterAll(() => server.close());

/** Uploads a fixture as the editor does, then waits for the job to record its copies. */
async function upload(name: string, type: string): Promise<{ url: string; widths: number[] }> {
  const url = await uploadFixture(client, name, type);
  const widths = await eventually(async () => {
    const [row] = await server.ctx.db.select().from(uploads).where(eq(uploads.url, url));
    return row?.variantWidths ?? undefined;
  });
  return { url, widths };
}

async function fetchImage(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

const page = async (slug: string) => (await getByHost(server, `${slug}.localhost`)).body.toString('utf8');
const image = (src: string, size: { width?: number } = {}) =>
  ({ type: 'image', src, alt: 'foto', ...size, children: [{ text: '' }] }) as never;
const contentOf = (...srcs: string[]) =>
  serializeContent(srcs.map((src) => ({ type: 'paragraph', children: [image(src)] })) as RichTextDocument);

describe('resized copies of an upload', () => {
  it('makes WebP copies of a JPEG at 480, 960 and 1600 pixels and serves them, keeping the original', async () => {
    const { url, widths } = await upload('photo-2000x1125.jpg', 'image/jpeg');
    expect(widths).toEqual([480, 960, 1600]);
    for (const [width, height] of [
      [480, 270],
      [960, 540],
      [1600, 900],
    ] as const) {
      const copy = await fetchImage(`${url}.w${width}.webp`);
      expect(copy.status).toBe(200);
      expect(copy.type).toBe('image/webp');
      expect(copy.bytes.toString('latin1', 8, 12)).toBe('WEBP');
      expect(imageDimensions(copy.bytes)).toEqual({ width, height });
    }
    const original = await fetchImage(url);
    expect(original.type).toBe('image/jpeg');
    expect(original.bytes.equals(fixture('photo-2000x1125.jpg'))).toBe(true);
    // Only the widths the job made are served.
    expect((await fetch(`${url}.w720.webp`)).status).toBe(404);
  });

  it('never enlarges: a 1,000-pixel PNG gets 480 and 960, a 599-pixel one only 480', async () => {
    const poster = await upload('poster-1000x600.png', 'image/png');
    expect(poster.widths).toEqual([480, 960]);
    expect(imageDimensions((await fetchImage(`${poster.url}.w960.webp`)).bytes)).toEqual({ width: 960, height: 576 });
    expect((await fetch(`${poster.url}.w1600.webp`)).status).toBe(404);
    const small = await upload('small-599x315.png', 'image/png');
    expect(small.widths).toEqual([480]);
  });
});

describe('public pages offer the copies in srcset', () => {
  it('gives content images and block backgrounds a srcset with the right widths; older uploads render as before', async () => {
    const photo = await upload('photo-2000x1125.jpg', 'image/jpeg');
    const poster = await upload('poster-1000x600.png', 'image/png');
    // An upload stored before copies existed: a size, no copies.
    const legacy = `${server.url}/uploads/2025/01/antiga.jpg`;
    await server.ctx.db.insert(uploads).values({
      key: '2025/01/antiga.jpg',
      url: legacy,
      contentType: 'image/jpeg',
      status: 'stored',
      width: 800,
      height: 420,
    });
    await createMobilization(server.ctx.db, {
      communityId,
      userId,
      name: 'Fotos em tamanhos',
      slug: 'fotos-em-tamanhos',
      blocks: [
        {
          name: 'Capa',
          bgImage: poster.url,
          widgets: [{ kind: 'content', settings: { content: contentOf(photo.url) } }],
        },
        { name: 'Antiga', widgets: [{ kind: 'content', settings: { content: contentOf(legacy) } }] },
      ],
    });
    const html = await page('fotos-em-tamanhos');
    const srcset = `${photo.url}.w480.webp 480w, ${photo.url}.w960.webp 960w, ${photo.url}.w1600.webp 1600w, ${photo.url} 2000w`;
    const photoTag = html.match(/<img class="mz-rt-image"[^>]*>/)?.[0] ?? '';
    expect(photoTag).toContain(`src="${photo.url}"`);
    // React writes the attribute as `srcSet`; HTML attribute names are case-insensitive.
    expect(photoTag).toContain(`srcSet="${srcset}"`);
    expect(photoTag).toContain('sizes="(max-width: 2000px) 100vw, 2000px"');
    expect(photoTag).toMatch(/ width="2000" height="1125"/);
    const bg = html.match(/<img class="mz-block__bg"[^>]*>/)?.[0] ?? '';
    expect(bg).toContain(`srcSet="${poster.url}.w480.webp 480w, ${poster.url}.w960.webp 960w, ${poster.url} 1000w"`);
    expect(bg).toMatch(/sizes="100vw" alt="" width="1000" height="600" loading="eager" fetchPriority="high"/);
    expect(html).not.toContain(`background-image:url(&quot;${poster.url}`);
    const legacyTag = html.match(new RegExp(`<img[^>]*src="${legacy.replace(/[.?/]/g, '\\$&')}"[^>]*>`))?.[0] ?? '';
    expect(legacyTag).toMatch(/ width="800" height="420"/);
    expect(legacyTag).not.toMatch(/srcset|sizes/i);
  });

  it('re-renders a page cached before its image had copies', async () => {
    const key = '2026/11/antes-das-copias.jpg';
    const storage = server.ctx.storage as LocalStorage;
    await storage.write(key, fixture('photo-2000x1125.jpg'));
    const [row] = await server.ctx.db
      .insert(uploads)
      .values({ key, url: `${server.url}/uploads/${key}`, contentType: 'image/jpeg', status: 'stored' })
      .returning();
    if (!row) throw new Error('no upload');
    await createMobilization(server.ctx.db, {
      communityId,
      userId,
      name: 'Antes das cópias',
      slug: 'antes-das-copias',
      blocks: [{ name: 'Foto', widgets: [{ kind: 'content', settings: { content: contentOf(row.url) } }] }],
    });
    expect(await page('antes-das-copias')).not.toMatch(/srcset=/i);
    await imageVariantsJob(server.ctx.db, storage).handle({ uploadId: row.id });
    expect(await page('antes-das-copias')).toContain(`${row.url}.w480.webp 480w`);
  });
});
