import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { uploads } from '../db/schema';
import { createUser } from '../seed/factories';
import { remoteDimensionsJob } from './remote';

/*
 * Images sent straight to the bucket (the S3 driver): the server reads their size back from their public address,
 * here a loopback server that answers as S3 does (a ranged GET answers 206 with Content-Range, a missing key 404).
 */

const PHOTO = readFileSync(join(import.meta.dirname, '../../test/fixtures/photo-2000x1125.jpg'));
let bucket: Server;
let server: TestServer;
const stored = new Map<string, Buffer>();
const requests: string[] = [];

beforeAll(async () => {
  bucket = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} ${req.headers.range ?? ''}`);
    const body = stored.get(req.url ?? '');
    if (!body)
      return res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? [];
    if (from === undefined || to === undefined) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
    const end = Math.min(Number(to), body.length - 1);
    res
      .writeHead(206, { 'content-type': 'image/jpeg', 'content-range': `bytes ${from}-${end}/${body.length}` })
      .end(body.subarray(Number(from), end + 1));
  });
  await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
  const address = bucket.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await startTestServer({
    env: {
      S3_BUCKET: 'mutirao-test',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: `http://127.0.0.1:${port}/public`,
      // Once the size is stored the worker reads the image for its copies from the bucket's own address: this loopback
      // one (it answers 404 there), never AWS. `s3Variants.test.ts` follows the copies.
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
    },
  });
  await createUser(server.ctx.db, { email: 'remote@example.org' });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => bucket.close(resolve));
});

describe('an image uploaded straight to the bucket', () => {
  it('gets its width and height read back once its bytes are there, with a ranged read', async () => {
    const client = await signIn(server, 'remote@example.org');
    const signed = await client.post('/api/uploads', { filename: 'photo.jpg', content_type: 'image/jpeg' });
    expect(signed.status).toBe(200);
    const path = new URL(signed.body.url).pathname;
    // The browser's PUT lands a moment later; until then the bucket answers 404 and the job tries again.
    await eventually(async () => requests.some((r) => r.startsWith(`GET ${path}`)) || undefined, 15_000);
    stored.set(path, PHOTO);
    const row = await eventually(async () => {
      const [found] = await server.ctx.db.select().from(uploads).where(eq(uploads.url, signed.body.url));
      return found?.width ? found : undefined;
    }, 40_000);
    expect(row).toMatchObject({ width: 2000, height: 1125, status: 'stored', size: PHOTO.length });
    expect(requests.filter((r) => r.startsWith(`GET ${path}`)).every((r) => r.endsWith('bytes=0-262143'))).toBe(true);
  }, 60_000);
});

describe('a bucket that never answers', () => {
  it('is given up on after the timeout, so the job fails and is retried instead of hanging', async () => {
    // Accepts the connection and reads the request, then neither answers nor closes.
    const held: import('node:net').Socket[] = [];
    const silent = createServer((req) => held.push(req.socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const [row] = await server.ctx.db
        .insert(uploads)
        .values({
          key: 'silent/photo.jpg',
          url: `http://127.0.0.1:${port}/silent/photo.jpg`,
          contentType: 'image/jpeg',
        })
        .returning();
      const job = remoteDimensionsJob(server.ctx.db, { timeoutMs: 200 });
      await expect(job.handle({ uploadId: row?.id ?? 0 })).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(held).toHaveLength(1);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});
