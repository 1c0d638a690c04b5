import { Readable } from 'node:stream';
import { translate } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { actorIn, idParams, signedIn, typed } from '../http/typed';
import { findMobilizationFor } from '../mobilizations/service';
import { serverKind } from '../widgets/kinds';
import { findPageWidget } from '../widgets/service';

/**
 * `widget_id` is checked in the handler, after the page: another community's page is a 404 whatever the query says,
 * and a missing widget id a 422. Here it is only read: a positive whole number, or undefined.
 */
const exportQuery = z.object({
  widget_id: z
    .unknown()
    .transform((raw) => {
      const id = Number(raw);
      return Number.isInteger(id) && id > 0 ? id : undefined;
    })
    .optional(),
});

/** Reports an organiser downloads. Authorised like the page: another community's page or widget is a 404. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const schema = { params: idParams, querystring: exportQuery };
  r.get('/api/mobilizations/:id/form_entries.csv', { preValidation: signedIn(ctx), schema }, async (request, reply) => {
    const mobilization = await findMobilizationFor(ctx.db, actorIn(request), request.params.id);
    const widgetId = request.query.widget_id;
    if (widgetId === undefined) throw new AppError('unprocessable', { widget_id: ['formWidget.widgetRequired'] });
    const widget = await findPageWidget(ctx.db, mobilization.id, widgetId);
    // Each kind says whether its actions can be exported, and how (today the form's entries).
    const csv = serverKind(widget.kind).export;
    if (!csv) throw new AppError('unprocessable', { widget_id: ['formEntries.notForm'] });
    const locale = localeOf(request);
    const day = new Date().toISOString().slice(0, 10);
    const filename = `${translate(locale, csv.filePrefix)}-${mobilization.slug}-${widget.id}-${day}.csv`;
    reply.headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    // One batch in hand while the socket drains the last: the next query waits for the client, so memory stays flat.
    return reply.send(Readable.from(csv.rows(ctx.db, widget, locale), { highWaterMark: 1 }));
  });
}
