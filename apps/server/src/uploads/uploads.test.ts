import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { checkPresigned, startS3Double } from '../../test/s3';
import { migrationsFolder } from '../db/migrate';
import { communities, mobilizations, uploads, users } from '../db/schema';
import { createCommunity, createMobilization, createUser } from '../seed/factories';
import { presignS3Url } from './s3-presign';

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server.ctx.db, { email: 'up@example.org' });
  client = await signIn(server, 'up@example.org');
});
afterAll(() => server.close());

async function putBytes(url: string, bytes: Buffer, contentType: string) {
  return fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
}

describe('POST /api/uploads and the local signed PUT', () => {
  it('signs, stores and serves an image; the part before ? is the image URL', async () => {
    const res = await client.post('/api/uploads', {
      filename: 'Cartaz da Ação.png',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(res.status).toBe(200);
    const { signedUrl } = res.body as { signedUrl: string };
    const imageUrl = signedUrl.split('?')[0] ?? '';
    expect(imageUrl).toMatch(/\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-cartaz-da-acao\.png$/);
    expect((await fetch(imageUrl)).status).toBe(404);
    const put = await putBytes(signedUrl, PNG, 'image/png');
    expect(put.status).toBe(200);
    const get = await fetch(imageUrl);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await get.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses anything that is not an image, with a clear message', async () => {
    const res = await client.post('/api/uploads', { filename: 'notes.pdf', content_type: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body.errors.content_type).toEqual(['Envie apenas imagens (PNG, JPG, GIF ou WebP)']);
    const svg = await client.post('/api/uploads', { filename: 'x.svg', content_type: 'image/svg+xml' });
    expect(svg.status).toBe(400);
  });

  it('refuses images over 8 MB when signing and when storing', async () => {
    const res = await client.post('/api/uploads', {
      filename: 'big.png',
      content_type: 'image/png',
      size: 8 * 1024 * 1024 + 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.size).toEqual(['A imagem deve ter no máximo 8 MB']);
    const signed = await client.post('/api/uploads', { filename: 'big.png', content_type: 'image/png' });
    const big = Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]);
    const put = await putBytes(signed.body.signedUrl, big, 'image/png');
    expect(put.status).toBe(413);
    expect(((await put.json()) as { errors: string[] }).errors).toEqual(['A imagem deve ter no máximo 8 MB']);
  });

  it('refuses bytes that are not the signed image type', async () => {
    const signed = await client.post('/api/uploads', { filename: 'fake.png', content_type: 'image/png' });
    const put = await putBytes(signed.body.signedUrl, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(put.status).toBe(415);
    const other = await putBytes(signed.body.signedUrl, PNG, 'image/gif');
    expect(other.status).toBe(415);
  });

  it('refuses a tampered or expired signature', async () => {
    const signed = await client.post('/api/uploads', { filename: 'a.png', content_type: 'image/png' });
    const url = new URL(signed.body.signedUrl);
    url.searchParams.set('signature', '0'.repeat(64));
    expect((await putBytes(url.toString(), PNG, 'image/png')).status).toBe(403);
    const moved = new URL(signed.body.signedUrl);
    moved.pathname = moved.pathname.replace(/a\.png$/, 'b.png');
    expect((await putBytes(moved.toString(), PNG, 'image/png')).status).toBe(403);
    const expired = new URL(signed.body.signedUrl);
    expired.searchParams.set('expires', '1000');
    expect((await putBytes(expired.toString(), PNG, 'image/png')).status).toBe(403);
  });

  it('needs a session to sign', async () => {
    const res = await new Client(server.url).post('/api/uploads', { filename: 'a.png', content_type: 'image/png' });
    expect(res.status).toBe(401);
  });
});

const S3_ENV = {
  S3_BUCKET: 'mutirao-test',
  S3_REGION: 'sa-east-1',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 presigned URLs', () => {
  it("the S3 double's check accepts AWS's published example and refuses it altered", () => {
    // AWS's "Authenticating Requests: Using Query Parameters" example, as S3 receives it.
    const url =
      '/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404';
    const secrets = { AKIAIOSFODNN7EXAMPLE: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
    const at = new Date('2013-05-24T01:00:00Z');
    const headers = { host: 'examplebucket.s3.amazonaws.com' };
    expect(checkPresigned({ method: 'GET', url, headers }, secrets, at)).toBeUndefined();
    expect(checkPresigned({ method: 'GET', url, headers: { host: 'cdn.example.org' } }, secrets, at)).toBe(
      'SignatureDoesNotMatch',
    );
    expect(checkPresigned({ method: 'PUT', url, headers }, secrets, at)).toBe('SignatureDoesNotMatch');
    expect(checkPresigned({ method: 'GET', url, headers }, secrets, new Date('2013-05-25T00:00:01Z'))).toBe(
      'AccessDenied',
    );
  });

  it('with S3_PUBLIC_URL, the browser PUTs to the bucket under a signature S3 accepts, and reads from the public URL', async () => {
    const bucket = await startS3Double('mutirao-test', { AKIDEXAMPLE: 'secret' });
    // The public URL is the same bucket under another host name, as a CDN in front of it would be.
    const s3 = await startTestServer({
      env: {
        ...S3_ENV,
        S3_ENDPOINT: bucket.url,
        S3_PUBLIC_URL: `http://localhost:${bucket.port}/mutirao-test/`,
      },
    });
    try {
      await createUser(s3.ctx.db, { email: 's3-public@example.org' });
      const c = await signIn(s3, 's3-public@example.org');
      const res = await c.post('/api/uploads', { filename: 'a.png', content_type: 'image/png' });
      expect(res.status).toBe(200);
      const { signedUrl, url } = res.body as { signedUrl: string; url: string };
      expect(url).toMatch(new RegExp(`^http://localhost:${bucket.port}/mutirao-test/\\d{4}/\\d{2}/[0-9a-f]+-a\\.png$`));

      // The browser's PUT, with the content type it declared.
      const put = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
      expect({ status: put.status, body: await put.text() }).toEqual({ status: 200, body: '' });
      const key = new URL(url).pathname;
      expect(bucket.objects.get(key)).toEqual({ body: PNG, contentType: 'image/png' });
      // Another content type than the one signed is refused, as S3 does.
      const wrongType = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: PNG });
      expect(wrongType.status).toBe(403);
      expect(await wrongType.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

      const read = await fetch(url);
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
    } finally {
      await s3.close();
      await bucket.close();
    }
  });

  it("matches AWS's published SigV4 query-string example", async () => {
    const url = await presignS3Url({
      method: 'GET',
      endpoint: 'https://examplebucket.s3.amazonaws.com',
      key: 'test.txt',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      expiresSeconds: 86400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toContain('X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
    expect(url.startsWith('https://examplebucket.s3.amazonaws.com/test.txt?')).toBe(true);
  });

  it('is what POST /api/uploads hands out when S3 is configured', async () => {
    const s3 = await startTestServer({
      env: S3_ENV,
    });
    try {
      await createUser(s3.ctx.db, { email: 's3@example.org' });
      const c = await signIn(s3, 's3@example.org');
      const res = await c.post('/api/uploads', { filename: 'a.png', content_type: 'image/png' });
      expect(res.body.signedUrl).toMatch(
        /^https:\/\/mutirao-test\.s3\.sa-east-1\.amazonaws\.com\/\d{4}\/\d{2}\/[0-9a-f]+-a\.png\?X-Amz-Algorithm=AWS4-HMAC-SHA256&.*X-Amz-SignedHeaders=content-type%3Bhost&X-Amz-Signature=[0-9a-f]{64}$/,
      );
    } finally {
      await s3.close();
    }
  });
});

describe('the community an upload belongs to', () => {
  const UPLOADS = '{ uploads(order_by: {id: asc}) { url community_id } }';
  let alpha: number;
  let beta: number;
  let ana: Client;
  let beto: Client;
  beforeAll(async () => {
    const { db } = server.ctx;
    const a = await createUser(db, { email: 'ana-upload@example.org' });
    const b = await createUser(db, { email: 'beto-upload@example.org' });
    alpha = (await createCommunity(db, { name: 'Alfa Uploads', ownerId: a.id })).id;
    beta = (await createCommunity(db, { name: 'Beta Uploads', ownerId: b.id })).id;
    ana = await signIn(server, 'ana-upload@example.org');
    beto = await signIn(server, 'beto-upload@example.org');
  });
  const sign = (client: Client, extra: Record<string, unknown> = {}) =>
    client.post('/api/uploads', { filename: 'logo.png', content_type: 'image/png', ...extra });
  const imageUrl = (res: { body: { signedUrl: string } }) => res.body.signedUrl.split('?')[0];
  const seen = async (client: Client) =>
    ((await client.graphql(UPLOADS)).body.data.uploads as { url: string }[]).map((u) => u.url);
  /** The admin's selected community, as the web app keeps it in the `community` cookie. */
  const select = (client: Client, id: number) =>
    client.setCookie('community', encodeURIComponent(JSON.stringify({ id, name: 'x' })));

  it('is the one the request names: its members read it through GraphQL, another community does not', async () => {
    const res = await sign(ana, { community_id: alpha });
    expect(res.status).toBe(200);
    const url = imageUrl(res);
    const [row] = await server.ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.url, String(url)));
    expect(row?.communityId).toBe(alpha);
    expect(await seen(ana)).toContain(url);
    expect(await seen(beto)).not.toContain(url);
  });

  it('is else the community selected in the admin, when the uploader works in it', async () => {
    select(ana, alpha);
    const url = imageUrl(await sign(ana));
    expect(await seen(ana)).toContain(url);
    expect(await seen(beto)).not.toContain(url);
    // A cookie naming a community the uploader is not in gives the image none: nobody reads it.
    select(beto, alpha);
    const stray = imageUrl(await sign(beto));
    const [row] = await server.ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.url, String(stray)));
    expect(row?.communityId).toBeNull();
    expect([...(await seen(ana)), ...(await seen(beto))]).not.toContain(stray);
  });

  it("refuses another community's id as a missing one, and a malformed one by name, storing nothing", async () => {
    const before = (await server.ctx.db.select().from(uploads)).length;
    const foreign = await sign(ana, { community_id: beta });
    expect(foreign.status).toBe(404);
    expect((await sign(ana, { community_id: 999_999 })).status).toBe(404);
    const bad = await sign(ana, { community_id: 'alfa' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.community_id).toEqual(['Informe a comunidade']);
    expect((await server.ctx.db.select().from(uploads)).length).toBe(before);
  });

  it('is backfilled by migration 0034 from the page or profile showing the image, else the only community', async () => {
    const { db } = server.ctx;
    const loner = await createUser(db, { email: 'sem-comunidade-upload@example.org' });
    const stored = (name: string, userId: number | null = null) => ({
      key: `backfill/${name}.png`,
      url: `https://mutirao.example.org/uploads/backfill/${name}.png`,
      contentType: 'image/png',
      userId,
    });
    const [anaUser] = await db.select().from(users).where(eq(users.email, 'ana-upload@example.org'));
    const [shareImage, logo, onlyCommunity, nobody] = await db
      .insert(uploads)
      .values([stored('share'), stored('logo'), stored('only', anaUser?.id), stored('nobody', loner.id)])
      .returning();
    const page = await createMobilization(db, { communityId: beta, name: 'Página Beta' });
    await db.update(mobilizations).set({ facebookShareImage: shareImage?.url }).where(eq(mobilizations.id, page.id));
    await db.update(communities).set({ image: logo?.url }).where(eq(communities.id, alpha));
    const sql = readFileSync(join(migrationsFolder(), '0034_webhook_replays_sandbox_payments.sql'), 'utf8');
    const backfill = sql.split('--> statement-breakpoint').filter((s) => /UPDATE "uploads"/.test(s));
    expect(backfill).toHaveLength(4);
    for (const statement of backfill) await server.ctx.database.raw.executeSql(statement, []);
    const communityOf = async (id: number | undefined) =>
      (
        await db
          .select()
          .from(uploads)
          .where(eq(uploads.id, Number(id)))
      )[0]?.communityId;
    expect(await communityOf(shareImage?.id)).toBe(beta);
    expect(await communityOf(logo?.id)).toBe(alpha);
    expect(await communityOf(onlyCommunity?.id)).toBe(alpha);
    expect(await communityOf(nobody?.id)).toBeNull();
  });
});
