import { type Locale, parseTargets, pressureFillSchema, validatePressureFill } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { consentShown } from '../../activists/consent';
import { requireSolution, widgetPageInPath } from '../../antispam/guard';
import { adminBaseUrl } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { actorIn, idParams, pageWidgetParams, signedIn, typed } from '../../http/typed';
import { parseBody, unwrap } from '../../http/validate';
import { visitorAction } from '../../rate-limit/visitorGuards';
import { idempotentAction } from '../idempotency';
import { actOnPublishedWidget, oncePerCopy, type PublishedWidget } from '../visitor';
import { pressureDeliveries } from './delivery';
import { type PressureSubmission, submitPressure } from './submit';

/** A fill is a few short fields and a letter; past this the body is refused before it is parsed. */
export const PRESSURE_FILL_BODY_LIMIT = 64 * 1024;

/**
 * A visitor's fill as the published widget `found` takes it: its e-mail targets, and the letter as sent (with
 * disable_edit_field 's' the visitor may not change it: the organiser's text is what is sent). 422 with every field's
 * message otherwise, from the checks the island runs too; 400 naming any field the fill does not have.
 */
function checkFill(found: PublishedWidget, body: unknown): Omit<PressureSubmission, 'baseUrl' | 'consent'> {
  if (found.widget.kind !== 'pressure')
    throw new AppError('unprocessable', { widget_id: ['kinds.pressure.notEmailPressure'] });
  // A field the fill does not have is a 400 that names it, as on every other route, never silently dropped.
  const fill = parseBody(pressureFillSchema, unwrap(body, 'fill'), 'unprocessable');
  const settings = found.widget.settings;
  const targets = parseTargets(settings.targets).filter((t) => t.channel === 'email');
  if (!targets.length) throw new AppError('unprocessable', { widget_id: ['kinds.pressure.noTargets'] });
  const mail =
    settings.disable_edit_field === 's'
      ? { ...fill.mail, subject: String(settings.pressure_subject ?? ''), body: String(settings.pressure_body ?? '') }
      : fill.mail;
  const errors = validatePressureFill({ ...fill, mail }, { targets, showCity: settings.show_city === 'city-true' });
  if (Object.keys(errors).length)
    throw new AppError(
      'unprocessable',
      Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
    );
  return {
    mobilizationId: found.mobilizationId,
    pageVersion: found.version,
    communityId: found.communityId,
    widget: found.widget,
    targets,
    fill: { ...fill, mail },
    locale: (found.language === 'es' ? 'es' : 'pt-BR') satisfies Locale,
  };
}

/**
 * The e-mail pressure widget's routes: the organiser's delivery view, and the visitor's side (spec 01 §7 `POST /widgets/{id}/fill`), on public hosts and the
 * admin host alike: guarded like form entries, checked with the same rules the island runs on the widget this process
 * keeps (`actOnPublishedWidget`), stored before the answer.
 */
export function pressureRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  // The organiser's delivery view: signed in, and only for a widget of a page of their community.
  const deliveries = { preValidation: signedIn(ctx), schema: { params: pageWidgetParams } };
  r.get('/api/mobilizations/:id/widgets/:widget/deliveries', deliveries, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return pressureDeliveries(ctx.db, actorIn(request), request.params.id, request.params.widget);
  });

  // The consent notice each copy of a widget this process holds shows, worked out once per copy (as form entries do).
  const consentOf = oncePerCopy((found) => consentShown(ctx.config, found));

  // The fill is read after the widget is found (a missing widget is a 404 whatever the body), so not in `schema`.
  r.post(
    '/api/widgets/:id/fill',
    {
      bodyLimit: PRESSURE_FILL_BODY_LIMIT,
      config: { tooLargeMessage: 'formWidget.entryTooLarge' },
      preValidation: visitorAction(ctx, requireSolution(ctx, widgetPageInPath(ctx.db))),
      ...idempotentAction(ctx.database, ctx.config.formEntryWriters),
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { found, written } = await actOnPublishedWidget(ctx.db, request.params.id, undefined, (found) =>
        submitPressure(ctx, {
          ...checkFill(found, request.body),
          baseUrl: adminBaseUrl(ctx.config),
          consent: consentOf(found),
          origin: request.embedOrigin,
        }),
      );
      const { pressure, count } = written;
      return reply.status(201).send({
        activist_pressure: {
          id: pressure.id,
          widget_id: found.widget.id,
          created_at: pressure.createdAt.toISOString(),
        },
        count,
      });
    },
  );
}
