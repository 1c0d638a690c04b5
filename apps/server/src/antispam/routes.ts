import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { msg } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { idParams, typed } from '../http/typed';
import { BufferedLimiter } from '../rate-limit/rate-limit';
import { createPageChallenge } from './challenge';
import { closeBurstCounts } from './state';

/** Where the altcha widget's files are served (beside the island bundle's `/_mz/`), under their content's hash. */
export const ALTCHA_PREFIX = '/_mz/altcha/';

interface Asset {
  code: Buffer;
  gzip: Buffer;
}

/**
 * The altcha web component, from the package's `external` build (no inline worker, no inline style: the widget stays
 * hidden, the status the visitor reads is ours), and its PBKDF2 worker: served from our own origin, so no third
 * party is involved and the page's CSP (`worker-src` falls back to `script-src 'self'`) allows the worker.
 */
function loadAltcha() {
  const require = createRequire(import.meta.url);
  const dist = dirname(dirname(require.resolve('altcha/external')));
  const read = (path: string): Asset => {
    const code = readFileSync(join(dist, path));
    return { code, gzip: gzipSync(code, { level: 9 }) };
  };
  const script = read('external/altcha.min.js');
  const worker = read('workers/pbkdf2.js');
  const hash = createHash('sha256').update(script.code).update(worker.code).digest('base64url').slice(0, 12);
  return {
    hash,
    files: new Map([
      [`${hash}/altcha.js`, script],
      [`${hash}/pbkdf2.js`, worker],
    ]),
  };
}

let altcha: ReturnType<typeof loadAltcha> | undefined;

/** The addresses the browser loads the widget and its worker from (their hash changes with the package). */
export function altchaAssets() {
  altcha ??= loadAltcha();
  return { script: `${ALTCHA_PREFIX}${altcha.hash}/altcha.js`, worker: `${ALTCHA_PREFIX}${altcha.hash}/pbkdf2.js` };
}

/**
 * `GET /api/widgets/:id/challenge`: a new challenge for an action on the widget's page (a widget of a page that is not
 * published is the 404 the action would get), with where to load the solver from. The widget asks for one when its
 * page requires the challenge, or when an action was refused with `code: 'challenge_required'`. Counted per IP like
 * the actions, at twice their limit (each action needs one challenge).
 */
export function antispamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const { perIp, windowSeconds } = ctx.config.actionLimits;
  const limiter = new BufferedLimiter(ctx.db, { limit: perIp * 2, windowSeconds });
  app.addHook('onClose', async () => {
    await limiter.close();
    await closeBurstCounts(ctx.db);
  });

  r.get('/api/widgets/:id/challenge', { schema: { params: idParams } }, async (request, reply) => {
    const { count, retryAfter } = await limiter.hit(`challenge:ip:${request.ip}`);
    if (count > perIp * 2) {
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      throw new AppError('rate_limited', undefined, msg('formEntries.tooManyRequests', { count: minutes }));
    }
    const result = (await ctx.db.execute(sql`
      select b.mobilization_id from widgets w
        join blocks b on b.id = w.block_id
        join mobilizations m on m.id = b.mobilization_id
      where w.id = ${request.params.id} and w.deleted_at is null and m.status = 'active' and m.deleted_at is null`)) as unknown as {
      rows: { mobilization_id: number }[];
    };
    const page = result.rows[0]?.mobilization_id;
    if (page === undefined) throw new AppError('not_found', undefined, 'formEntries.widgetNotFound');
    reply.header('cache-control', 'no-store');
    return { ...(await createPageChallenge(ctx.config.antispam, Number(page))), altcha: altchaAssets() };
  });

  const params = z.object({ hash: z.string(), file: z.string() });
  r.get(`${ALTCHA_PREFIX}:hash/:file`, { schema: { params } }, async (request, reply) => {
    altcha ??= loadAltcha();
    const asset = altcha.files.get(`${request.params.hash}/${request.params.file}`);
    if (!asset) return reply.status(404).send();
    reply.headers({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
    });
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(asset.gzip);
    }
    return reply.send(asset.code);
  });
}
