import { translate } from '@mutirao/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { actorIn, body, idSchema, signedIn, typed } from '../http/typed';
import { sendCsv } from '../reports/routes';
import { IMPORT_MAX_BYTES, parseCsvFile } from './csvFile';
import {
  findImport,
  importStartSchema,
  latestImports,
  presentImport,
  rejectedCsv,
  startImport,
  storeImport,
} from './imports';

/** What browsers and clients name a CSV file (Excel on Windows says `application/vnd.ms-excel`). */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

const communityParams = z.object({ id: idSchema });
const importParams = z.object({ id: idSchema, import: idSchema });
const uploadQuery = z.object({ file_name: z.string().max(255).optional() }).passthrough();

/**
 * CSV imports of people (spec 01 §2): the upload answers a preview and a suggested mapping, the start hands the
 * rows to a job, and the import's progress and its rejected rows are read back. Members of the community, like the
 * people list (`member`); anyone else gets the 404 a missing community gets.
 */
export function activistImportRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  member: (request: FastifyRequest, communityId: number) => Promise<void>,
) {
  const preValidation = signedIn(ctx);
  const r = typed(app);

  // The file's body parser and its 20 MB limit live in their own scope: every other route keeps the 1 MB limit.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, bytes, done) =>
      done(null, bytes),
    );
    typed(scope).post(
      '/api/communities/:id/activist_imports',
      {
        // Signed in before the body is read: no one else can make the server buffer 20 MB.
        onRequest: preValidation,
        bodyLimit: IMPORT_MAX_BYTES,
        config: { tooLargeMessage: `activists.importTooLarge?mb=${IMPORT_MAX_BYTES / 1024 / 1024}` },
        schema: { params: communityParams, querystring: uploadQuery },
      },
      async (request, reply) => {
        const communityId = request.params.id;
        await member(request, communityId);
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        const bytes = request.body;
        if (!type || !CSV_TYPES.has(type) || !Buffer.isBuffer(bytes))
          throw new AppError('unsupported_media_type', { file: ['activists.importNotCsv'] });
        if (!bytes.length) throw new AppError('unprocessable', { file: ['activists.importEmpty'] });
        const parsed = parseCsvFile(bytes);
        const fileName =
          request.query.file_name?.trim() || `${translate(localeOf(request), 'activists.filePrefix')}.csv`;
        const stored = await storeImport(ctx.db, communityId, actorIn(request).id, fileName, parsed);
        return reply.status(201).send(stored);
      },
    );
  });

  r.post(
    '/api/communities/:id/activist_imports/:import/start',
    { preValidation, schema: { params: importParams, body: body(importStartSchema) } },
    async (request, reply) => {
      await member(request, request.params.id);
      const row = await startImport(ctx.db, ctx.queue, request.params.id, request.params.import, request.body);
      return reply.status(202).send(presentImport(row));
    },
  );

  r.get(
    '/api/communities/:id/activist_imports',
    { preValidation, schema: { params: communityParams } },
    async (request, reply) => {
      await member(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return (await latestImports(ctx.db, request.params.id)).map(presentImport);
    },
  );

  r.get(
    '/api/communities/:id/activist_imports/:import',
    { preValidation, schema: { params: importParams } },
    async (request, reply) => {
      await member(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return presentImport(await findImport(ctx.db, request.params.id, request.params.import));
    },
  );

  r.get(
    '/api/communities/:id/activist_imports/:import/rejected.csv',
    { preValidation, schema: { params: importParams } },
    async (request, reply) => {
      await member(request, request.params.id);
      const found = await findImport(ctx.db, request.params.id, request.params.import);
      const locale = localeOf(request);
      const filename = `${translate(locale, 'activists.importRejectedFilePrefix')}-${found.id}.csv`;
      return sendCsv(reply, filename, rejectedCsv(ctx.db, found, locale));
    },
  );
}
