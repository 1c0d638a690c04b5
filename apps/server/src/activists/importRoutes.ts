import { Readable } from 'node:stream';
import { translate } from '@mutirao/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { actorIn, body, idSchema, signedIn, typed } from '../http/typed';
import { sendCsv } from '../reports/routes';
import { IMPORT_MAX_BYTES, importTooLarge, readReceivedCsv, receiveCsv } from './csvFile';
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

  // The file's body is read by the route itself, as a stream to a temporary file, and only once the caller is known
  // to be a member: every other route keeps its parsed 1 MB body.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    typed(scope).post(
      '/api/communities/:id/activist_imports',
      {
        onRequest: preValidation,
        schema: { params: communityParams, querystring: uploadQuery },
      },
      async (request, reply) => {
        const communityId = request.params.id;
        await member(request, communityId);
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        const body = request.body;
        if (!type || !CSV_TYPES.has(type) || !(body instanceof Readable))
          throw new AppError('unsupported_media_type', { file: ['activists.importNotCsv'] });
        // A refusal before the whole body is read ends the connection, which still holds the rest.
        if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES) {
          reply.header('connection', 'close');
          throw importTooLarge();
        }
        const received = await receiveCsv(body).catch((error) => {
          if (error instanceof AppError) reply.header('connection', 'close');
          throw error;
        });
        try {
          if (!received.bytes) throw new AppError('unprocessable', { file: ['activists.importEmpty'] });
          const fileName =
            request.query.file_name?.trim() || `${translate(localeOf(request), 'activists.filePrefix')}.csv`;
          const file = await readReceivedCsv(received);
          const stored = await storeImport(ctx.db, communityId, actorIn(request).id, fileName, file);
          return reply.status(201).send(stored);
        } finally {
          await received.remove();
        }
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
