import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAdminPage, serveAdminApp } from './static';

describe('the built admin app', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mutirao-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body>admin</body></html>');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // As the build writes them beside each text file (apps/web/vite.config.ts).
    writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    app = Fastify();
    const fallback = await serveAdminApp(app, dir, { publicHost: 'paginas.example.org' });
    app.setNotFoundHandler((request, reply) => {
      const page = fallback?.(request.url, request.headers.accept, request.headers['accept-encoding']);
      return page ? sendAdminPage(reply, page) : reply.status(404).send({ missing: true });
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the hashed bundles for good and the files beside index.html for a check each time', async () => {
    const bundle = await app.inject({ url: '/assets/index-abc123.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toBe('console.log(1)');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a client route with index.html, and a missing bundle or a path out of the folder with 404', async () => {
    const page = await app.inject({ url: '/mobilizations/1/edit', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<meta name="mutirao:public-host" content="paginas.example.org" />');
    expect((await app.inject({ url: '/assets/index-old.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/..%2findex.html' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/../index.html' })).body).not.toContain('admin');
  });

  it('sends the bundles and index.html compressed as the browser accepts, and plain to one that accepts neither', async () => {
    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');

    const html = (encoding?: string) =>
      app.inject({
        url: '/mobilizations/1/edit',
        headers: { accept: 'text/html', ...(encoding !== undefined && { 'accept-encoding': encoding }) },
      });
    const brPage = await html('gzip, br');
    expect(brPage.headers['content-encoding']).toBe('br');
    expect(brPage.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(brPage.rawPayload).toString()).toContain('mutirao:public-host');
    const gzPage = await html('gzip, br;q=0');
    expect(gzPage.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzPage.rawPayload).toString()).toContain('mutirao:public-host');
    for (const plain of [await html(), await html('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('mutirao:public-host');
    }
  });
});
