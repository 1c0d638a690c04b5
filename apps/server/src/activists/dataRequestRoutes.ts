import { DATA_REQUEST_TTL_HOURS, dataRequestSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { communityTimeZone } from '../communities/timeZone';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { body, idParams, typed } from '../http/typed';
import { visitorAction } from '../rate-limit/visitorGuards';
import { readerIn } from '../reports/reader';
import { eraseOnRequest, openRequest, presentRequest, requestData, requestPage } from './dataRequests';
import { personalData } from './export';
import { sendPersonalData } from './routes';

const tokenParams = z.object({ token: z.string().min(20).max(100) });

/**
 * A visitor's own data requests (LGPD), with no session: the request form's page data and the request itself (rate
 * limited per address like every visitor action), then what the e-mailed link opens: the request, the download of
 * everything held, and the confirmed erasure. Nothing here answers differently for a known and an unknown address.
 */
export function dataRequestRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);

  r.get('/api/data_requests/pages/:id', { schema: { params: idParams } }, async (request, reply) => {
    const page = await requestPage(ctx.db, request.params.id);
    reply.header('cache-control', 'no-store');
    return {
      mobilization: { id: page.mobilizationId, name: page.mobilizationName, language: page.language },
      community: { name: page.communityName },
      ttl_hours: DATA_REQUEST_TTL_HOURS,
    };
  });

  r.post(
    '/api/data_requests',
    {
      bodyLimit: 8 * 1024,
      preValidation: visitorAction(ctx),
      schema: { body: body(dataRequestSchema, { wrappedIn: 'data_request' }) },
    },
    async (request, reply) => {
      await requestData(ctx, request.body, localeOf(request));
      return reply.status(202).send({ data_request: { ttl_hours: DATA_REQUEST_TTL_HOURS } });
    },
  );

  // A token is 256 random bits, but guessing is still bounded like any visitor action.
  const guarded = { preValidation: visitorAction(ctx) };
  r.get('/api/data_requests/:token', { ...guarded, schema: { params: tokenParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data_request: presentRequest(await openRequest(ctx.db, request.params.token)) };
  });

  r.get(
    '/api/data_requests/:token/personal_data.:format',
    { ...guarded, schema: { params: tokenParams.extend({ format: z.enum(['json', 'csv']).catch('json') }) } },
    async (request, reply) => {
      const { token, format } = request.params;
      const row = await openRequest(ctx.db, token);
      if (row.request.kind !== 'access') throw new AppError('not_found', undefined, 'dataRequests.invalid');
      const data = await personalData(ctx.db, row.request.communityId, row.activistId);
      const reader = readerIn(localeOf(request), await communityTimeZone(ctx.db, row.request.communityId));
      return sendPersonalData(reply, data, format, reader);
    },
  );

  r.post('/api/data_requests/:token/erase', { ...guarded, schema: { params: tokenParams } }, async (request, reply) => {
    await eraseOnRequest(ctx, request.params.token);
    return reply.status(204).send();
  });
}
