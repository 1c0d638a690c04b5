import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveAdminApp } from './static';

describe('the built admin app', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mutirao-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body>admin</body></html>');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    app = Fastify();
    const fallback = await serveAdminApp(app, dir, { publicHost: 'paginas.example.org' });
    app.setNotFoundHandler((request, reply) => {
      const html = fallback?.(request.url, request.headers.accept);
      return html ? reply.type('text/html').send(html) : reply.status(404).send({ missing: true });
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
});
