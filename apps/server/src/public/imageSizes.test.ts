import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RichTextDocument, serializeContent } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getByHost, signIn, startTestServer, type TestServer } from '../../test/harness';
import { uploads } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures', name));

let server: TestServer;
let html: string;
let gifUrl: string;

/** An image uploaded as the editor does: signed by the API, then PUT to the signed address. */
async function upload(client: Awaited<ReturnType<typeof signIn>>, name: string, type: string): Promise<string> {
  const signed = await client.post('/api/uploads', { filename: name, content_type: type });
  const put = await fetch(signed.body.signedUrl, {
    method: 'PUT',
    body: fixture(name),
    headers: { 'content-type': type },
  });
  expect(put.status).toBe(200);
  return signed.body.url;
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const user = await createUser(db, { email: 'sizes@example.org' });
  const community = await createCommunity(db, { name: 'Medidas', ownerId: user.id });
  const client = await signIn(server, 'sizes@example.org');
  gifUrl = await upload(client, 'ok-640x320.gif', 'image/gif');
  const webpUrl = await upload(client, 'lossy-700x400.webp', 'image/webp');
  const image = (src: string, size: { width?: number; height?: number } = {}) =>
    ({ type: 'image', src, alt: src, ...size, children: [{ text: '' }] }) as never;
  const doc: RichTextDocument = [
    { type: 'paragraph', children: [image(gifUrl)] },
    {
      type: 'unordered-list',
      children: [{ type: 'list-item', children: [image(webpUrl, { width: 350 })] }],
    },
    { type: 'paragraph', children: [image('https://cdn.example.org/outside.png')] },
  ];
  await createMobilization(db, {
    communityId: community.id,
    userId: user.id,
    name: 'Imagens medidas',
    slug: 'imagens-medidas',
    blocks: [{ name: 'Fotos', widgets: [{ kind: 'content', settings: { content: serializeContent(doc) } }] }],
  });
  html = (await getByHost(server, 'imagens-medidas.localhost')).body.toString('utf8');
});
afterAll(() => server.close());

const imgTag = (src: string) => html.match(new RegExp(`<img[^>]*src="${src.replace(/[.?/]/g, '\\$&')}"[^>]*>`))?.[0];

describe('public page images reserve their size from the stored upload', () => {
  it('stores the width and height read from the uploaded bytes', async () => {
    const [row] = await server.ctx.db.select().from(uploads).where(eq(uploads.url, gifUrl));
    expect(row).toMatchObject({ status: 'stored', width: 640, height: 320 });
  });

  it('gives an upload without a size in the document its stored width and height', () => {
    expect(imgTag(gifUrl)).toMatch(/ width="640" height="320"/);
  });

  it("keeps the organiser's width and completes the height in the image's proportions", () => {
    expect(html).toMatch(/<img[^>]*lossy-700x400\.webp"[^>]* width="350" height="200"/);
  });

  it('leaves an image that is not one of our uploads as its document has it', () => {
    const tag = imgTag('https://cdn.example.org/outside.png');
    expect(tag).toBeDefined();
    expect(tag).not.toMatch(/width=|height=/);
  });
});
