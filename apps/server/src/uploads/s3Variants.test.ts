import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { LIMITS, type RichTextDocument, serializeContent } from '@mutirao/core';
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
import { type S3Double, startS3Double } from '../../test/s3';
import { uploads } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';
import { imageDimensions } from './dimensions';
import { S3Storage } from './storage';
import { imageVariantsJob } from './variants';

/*
 * Resized copies with the S3 driver: the browser PUTs the image straight to the bucket (here the loopback S3 double,
 * which checks every signature), the worker reads it back with a presigned GET and PUTs the WebP copies beside it.
 * No disk is shared between the web process and the worker.
 */

const BUCKET = 'mutirao-test';
let bucket: S3Double;
let server: TestServer;
let client: Client;
let publicUrl: string;
let communityId: number;
let userId: number;

beforeAll(async () => {
  bucket = await startS3Double(BUCKET, { AKIDEXAMPLE: 'secret' });
  // Pages read the images from the public address (another host name of the same bucket, as a CDN would be).
  publicUrl = `http://localhost:${bucket.port}/${BUCKET}`;
  server = await startTestServer({
    env: {
      S3_BUCKET: BUCKET,
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: bucket.url,
      S3_PUBLIC_URL: publicUrl,
    },
  });
  const user = await createUser(server.ctx.db, { email: 's3-variants@example.org' });
  const community = await createCommunity(server.ctx.db, { name: 'Cópias no balde', ownerId: user.id });
  communityId = community.id;
  userId = user.id;
  client = await signIn(server, 's3-variants@example.org');
});
afterAll(async () => {
  await server.close();
  await bucket.close();
});

const rowOf = async (url: string) => (await server.ctx.db.select().from(uploads).where(eq(uploads.url, url)))[0];
const objectAt = (key: string) => bucket.objects.get(`/${BUCKET}/${key}`);
const putsOf = (key: string) => bucket.calls.filter((c) => c.startsWith(`PUT /${BUCKET}/${key}.w`));

/** An upload row for `key`, as the API signs it and the size job leaves it once the bytes are there. */
async function storedRow(key: string) {
  const [row] = await server.ctx.db
    .insert(uploads)
    .values({ key, url: `${publicUrl}/${key}`, contentType: 'image/jpeg', status: 'stored' })
    .returning();
  if (!row) throw new Error('no upload');
  return row;
}

describe('an image uploaded straight to the bucket', () => {
  it('gets WebP copies written beside it in the bucket, and public pages offer them in srcset', async () => {
    const url = await uploadFixture(client, 'photo-2000x1125.jpg', 'image/jpeg');
    expect(url.startsWith(`${publicUrl}/`)).toBe(true);
    const row = await eventually(async () => {
      const found = await rowOf(url);
      return found?.variantWidths ? found : undefined;
    }, 60_000);
    expect(row).toMatchObject({ status: 'stored', width: 2000, height: 1125, variantWidths: [480, 960, 1600] });
    for (const [width, height] of [
      [480, 270],
      [960, 540],
      [1600, 900],
    ] as const) {
      const copy = objectAt(`${row.key}.w${width}.webp`);
      expect(copy?.contentType).toBe('image/webp');
      expect(copy?.body.toString('latin1', 8, 12)).toBe('WEBP');
      expect(imageDimensions(copy?.body ?? Buffer.alloc(0))).toEqual({ width, height });
      // Read from the public address, as a visitor's browser does.
      const res = await fetch(`${url}.w${width}.webp`);
      expect(res.status).toBe(200);
    }
    // The worker read the original through a signed GET (the double checks its signature) and signed its PUTs.
    expect(bucket.calls).toContain(`GET /${BUCKET}/${row.key} 200`);
    expect(putsOf(row.key)).toHaveLength(3);
    expect(putsOf(row.key).every((c) => c.endsWith(' 200'))).toBe(true);

    await createMobilization(server.ctx.db, {
      communityId,
      userId,
      name: 'Fotos no balde',
      slug: 'fotos-no-balde',
      blocks: [
        {
          name: 'Capa',
          bgImage: url,
          widgets: [
            {
              kind: 'content',
              settings: {
                content: serializeContent([
                  { type: 'paragraph', children: [{ type: 'image', src: url, alt: 'foto', children: [{ text: '' }] }] },
                ] as unknown as RichTextDocument),
              },
            },
          ],
        },
      ],
    });
    const html = (await getByHost(server, 'fotos-no-balde.localhost')).body.toString('utf8');
    const srcset = `${url}.w480.webp 480w, ${url}.w960.webp 960w, ${url}.w1600.webp 1600w, ${url} 2000w`;
    const photoTag = html.match(/<img class="mz-rt-image"[^>]*>/)?.[0] ?? '';
    expect(photoTag).toContain(`src="${url}"`);
    expect(photoTag).toContain(`srcSet="${srcset}"`);
    const bg = html.match(/<img class="mz-block__bg"[^>]*>/)?.[0] ?? '';
    expect(bg).toContain(`srcSet="${srcset}"`);
  }, 90_000);
});

describe('an original the worker cannot use', () => {
  const job = () => imageVariantsJob(server.ctx.db, server.ctx.storage);

  it('leaves a missing object without copies, and the job ends without an error', async () => {
    const row = await storedRow('2026/11/nunca-enviada.jpg');
    await expect(job().handle({ uploadId: row.id })).resolves.toBeUndefined();
    expect(bucket.calls).toContain(`GET /${BUCKET}/${row.key} 404`);
    expect((await rowOf(row.url))?.variantWidths).toBeNull();
    expect(putsOf(row.key)).toEqual([]);
  });

  it('leaves an object the bucket refuses to read without copies, and the job ends without an error', async () => {
    const row = await storedRow('2026/11/recusada.jpg');
    bucket.objects.set(`/${BUCKET}/${row.key}`, { body: Buffer.from('not read'), contentType: 'image/jpeg' });
    // Keys the bucket does not accept: its answer is S3's 403 SignatureDoesNotMatch.
    const s3 = server.ctx.config.storage.s3;
    const refused = imageVariantsJob(server.ctx.db, new S3Storage({ ...s3, secretAccessKey: 'another' }));
    await expect(refused.handle({ uploadId: row.id })).resolves.toBeUndefined();
    expect(bucket.calls).toContain(`GET /${BUCKET}/${row.key} 403`);
    expect((await rowOf(row.url))?.variantWidths).toBeNull();
    expect(putsOf(row.key)).toEqual([]);
  });

  it('does not read an object larger than an upload may be (the bucket does not hold the browser to it)', async () => {
    const row = await storedRow('2026/11/enorme.jpg');
    bucket.objects.set(`/${BUCKET}/${row.key}`, {
      body: Buffer.alloc(LIMITS.imageMaxBytes + 1),
      contentType: 'image/jpeg',
    });
    await expect(job().handle({ uploadId: row.id })).resolves.toBeUndefined();
    expect((await rowOf(row.url))?.variantWidths).toBeNull();
    expect(putsOf(row.key)).toEqual([]);
  });

  it('stops reading past that size when the answer does not state its length', async () => {
    // A store that streams the object without a Content-Length: the read is cut off at the limit, not buffered.
    let sent = 0;
    const streaming = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024);
      const more = () => {
        while (sent <= LIMITS.imageMaxBytes + chunk.length * 4 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    const address = streaming.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const storage = new S3Storage({ ...server.ctx.config.storage.s3, endpoint: `http://127.0.0.1:${port}` });
      expect(await storage.readAll('2026/11/sem-tamanho.jpg')).toBeUndefined();
    } finally {
      streaming.closeAllConnections();
      await new Promise((resolve) => streaming.close(resolve));
    }
  });

  it('gives up on a bucket that does not answer, so the job fails and its retries take over', async () => {
    // Accepts the connection and reads the request, then neither answers nor closes.
    const held: Socket[] = [];
    const silent = createServer((req) => held.push(req.socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const row = await storedRow('2026/11/sem-resposta.jpg');
      const s3 = { ...server.ctx.config.storage.s3, endpoint: `http://127.0.0.1:${port}` };
      const stalled = imageVariantsJob(server.ctx.db, new S3Storage(s3, 200));
      await expect(stalled.handle({ uploadId: row.id })).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(held).toHaveLength(1);
      expect((await rowOf(row.url))?.variantWidths).toBeNull();
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
