import { mobilizationScheduleSchema } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { actorIn, body, idParams, idSchema, lenientInt, signedIn, typed } from '../http/typed';
import { scheduleJob } from './jobs';
import {
  type DraftState,
  dismissScheduleFailure,
  draftState,
  listRevisions,
  publishDraft,
  REVISIONS_PER_PAGE,
  restoreRevision,
  revisionDetail,
  scheduledTimes,
  setSchedule,
} from './service';

const revisionParams = z.object({ id: idSchema, number: idSchema });

/**
 * Drafts, revisions and schedules of a page (issue 34), with the page's own permission: whoever may edit the page
 * may publish, restore and schedule it; anyone else gets the same 404 as a page that does not exist.
 */
export function publishingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);
  const job = scheduleJob(ctx);

  /** Queues a run at each of the page's schedules (the minute sweep catches one whose job is lost). */
  async function queueRuns(state: DraftState) {
    for (const due of scheduledTimes(state))
      await ctx.queue.send(job, {}, { startAfterSeconds: Math.max(1, Math.ceil((due.getTime() - Date.now()) / 1000)) });
    return state;
  }

  r.get('/api/mobilizations/:id/draft', { preValidation, schema: { params: idParams } }, (request) =>
    draftState(ctx.db, actorIn(request), request.params.id),
  );

  r.post('/api/mobilizations/:id/publish', { preValidation, schema: { params: idParams } }, (request) =>
    publishDraft(ctx.db, actorIn(request), request.params.id),
  );

  r.get(
    '/api/mobilizations/:id/revisions',
    { preValidation, schema: { params: idParams, querystring: z.object({ page: lenientInt(1) }) } },
    async (request, reply) => {
      const { rows, total } = await listRevisions(ctx.db, actorIn(request), request.params.id, request.query.page ?? 1);
      reply.header('x-total-count', String(total));
      reply.header('x-per-page', String(REVISIONS_PER_PAGE));
      return rows;
    },
  );

  r.get('/api/mobilizations/:id/revisions/:number', { preValidation, schema: { params: revisionParams } }, (request) =>
    revisionDetail(ctx.db, actorIn(request), request.params.id, request.params.number),
  );

  r.post(
    '/api/mobilizations/:id/revisions/:number/restore',
    { preValidation, schema: { params: revisionParams } },
    (request) => restoreRevision(ctx.db, actorIn(request), request.params.id, request.params.number),
  );

  r.put(
    '/api/mobilizations/:id/schedule',
    { preValidation, schema: { params: idParams, body: body(mobilizationScheduleSchema) } },
    async (request) => queueRuns(await setSchedule(ctx.db, actorIn(request), request.params.id, request.body)),
  );

  r.delete('/api/mobilizations/:id/schedule/failure', { preValidation, schema: { params: idParams } }, (request) =>
    dismissScheduleFailure(ctx.db, actorIn(request), request.params.id),
  );
}
