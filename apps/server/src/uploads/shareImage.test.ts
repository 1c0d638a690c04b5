import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import { createCommunity, createMobilization, createUser } from '../seed/factories';
import { imageDimensions } from './dimensions';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures', name));

describe('imageDimensions', () => {
  it.each([
    ['share-1200x630.jpg', 1200, 630],
    ['exif-progressive-800x420.jpg', 800, 420],
    ['small-599x315.png', 599, 315],
    ['ok-640x320.gif', 640, 320],
    ['lossy-700x400.webp', 700, 400],
    ['lossless-700x400.webp', 700, 400],
    ['alpha-700x400.webp', 700, 400],
  ])('reads %s as %i×%i', (name, width, height) => {
    expect(imageDimensions(fixture(name))).toEqual({ width, height });
  });

  it('gives up on bytes that are no image or are cut short', () => {
    expect(imageDimensions(Buffer.from('not an image at all, just some text'))).toBeUndefined();
    expect(imageDimensions(fixture('share-1200x630.jpg').subarray(0, 30))).toBeUndefined();
  });
});

describe('the share image is checked again on the server', () => {
  let server: TestServer;
  let alice: Client;
  let mobilizationId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.ctx;
    const a = await createUser(db, { email: 'share@example.org' });
    const community = await createCommunity(db, { name: 'Share', ownerId: a.id });
    mobilizationId = (await createMobilization(db, { communityId: community.id, userId: a.id, name: 'Share' })).id;
    alice = await signIn(server, 'share@example.org');
  });
  afterAll(() => server.close());

  async function upload(name: string, contentType: string) {
    const signed = await alice.post('/api/uploads', { filename: name, content_type: contentType });
    const { signedUrl, url } = signed.body as { signedUrl: string; url: string };
    const put = await fetch(signedUrl, {
      method: 'PUT',
      body: fixture(name),
      headers: { 'content-type': contentType },
    });
    expect(put.status).toBe(200);
    return url;
  }
  const share = (image: string, locale = 'pt-BR') =>
    alice.request(
      'PUT',
      `/api/mobilizations/${mobilizationId}`,
      { mobilization: { facebook_share_image: image } },
      {
        'accept-language': locale,
      },
    );

  it('accepts an uploaded image of at least 600×315', async () => {
    const url = await upload('share-1200x630.jpg', 'image/jpeg');
    const res = await share(url);
    expect(res.status).toBe(200);
    expect(res.body.facebook_share_image).toBe(url);
  });

  it('refuses a smaller one with the field named, in the caller’s language, and keeps what was saved', async () => {
    const before = (await share(await upload('ok-640x320.gif', 'image/gif'))).body.facebook_share_image;
    const url = await upload('small-599x315.png', 'image/png');
    const res = await share(url);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      errors: { facebook_share_image: ['A imagem deve ter pelo menos 600×315 pixels (o ideal é 1200×630)'] },
    });
    const en = await share(url, 'en');
    expect(en.body.errors.facebook_share_image).toEqual([
      'The image must be at least 600×315 pixels (ideally 1200×630)',
    ]);
    const row = await server.ctx.db.query.mobilizations.findFirst({ where: (m, { eq }) => eq(m.id, mobilizationId) });
    expect(row?.facebookShareImage).toBe(before);
  });
});
