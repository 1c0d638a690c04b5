import { translate } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { communityTimeZone } from '../communities/timeZone';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { localeOf } from '../http/locale';
import { actorIn, idParams, signedIn, typed } from '../http/typed';
import { findMobilizationFor } from '../mobilizations/service';
import { copyOutOf } from '../reports/copy';
import { readerIn } from '../reports/reader';
import { sendCsv, today } from '../reports/routes';
import { serverKind } from './kinds';
import { findPageWidget } from './service';

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

/** A widget's export of its actions, as its kind declares it (`widgets/kinds.ts`). Authorised like the page. */
export function widgetExportRoutes(app: FastifyInstance, ctx: AppContext) {
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
    const reader = readerIn(localeOf(request), await communityTimeZone(ctx.db, mobilization.communityId));
    const filename = `${translate(reader.locale, csv.filePrefix)}-${mobilization.slug}-${widget.id}-${today(reader)}.csv`;
    return sendCsv(reply, filename, csv.rows(ctx.db, widget, reader, copyOutOf(ctx.database)));
  });
}
