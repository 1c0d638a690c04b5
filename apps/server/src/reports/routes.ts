import { Readable } from 'node:stream';
import { translate } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../communities/service';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { requireUser } from '../http/session';
import { idParam } from '../http/validate';
import { findMobilizationFor } from '../mobilizations/service';
import { serverKind } from '../widgets/kinds';
import { findPageWidget } from '../widgets/service';

/** Reports an organiser downloads. Authorised like the page: another community's page or widget is a 404. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/mobilizations/:id/form_entries.csv', async (request, reply) => {
    const actor = actorOf(await requireUser(ctx, request));
    const mobilization = await findMobilizationFor(ctx.db, actor, idParam((request.params as { id: string }).id));
    const rawWidgetId = Number((request.query as { widget_id?: string }).widget_id);
    if (!Number.isInteger(rawWidgetId) || rawWidgetId <= 0) {
      throw new AppError('unprocessable', { widget_id: ['formWidget.widgetRequired'] });
    }
    const widget = await findPageWidget(ctx.db, mobilization.id, rawWidgetId);
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
