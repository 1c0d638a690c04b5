import { type RichTextDocument, serializeContent } from '@mutirao/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getByHost, signIn, startTestServer, type TestServer, uploadFixture } from '../../test/harness';
import { uploads } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';

let server: TestServer;
let html: string;
let gifUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const user = await createUser(db, { email: 'sizes@example.org' });
  const community = await createCommunity(db, { name: 'Medidas', ownerId: user.id });
  const client = await signIn(server, 'sizes@example.org');
  gifUrl = await uploadFixture(client, 'ok-640x320.gif', 'image/gif');
  const webpUrl = await uploadFixture(client, 'lossy-700x400.webp', 'image/webp');
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
