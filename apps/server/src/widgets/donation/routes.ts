import type { FastifyInstance } from 'fastify';
import { consentShown } from '../../activists/consent';
import { pageInPath, requireSolution } from '../../antispam/guard';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { idParams, typed } from '../../http/typed';
import { unwrap } from '../../http/validate';
import { visitorAction } from '../../rate-limit/visitorGuards';
import { idempotentAction } from '../idempotency';
import { actOnPublishedWidget, findPublishedWidget, oncePerCopy } from '../visitor';
import { recipientOf } from './charge';
import { createDonation } from './checkout';
import { manageRoutes } from './manage';
import { offerRoutes } from './offer';
import { postbackRoutes } from './postback';
import { checkDonationRequest, requestedWidgetId } from './request';
import { donationStats } from './stats';

/** A donation is a few short fields and a token; past this the body is refused before it is parsed. */
export const DONATION_BODY_LIMIT = 32 * 1024;

/**
 * The donation widget's routes (the server module `SERVER_WIDGET_KINDS.donation.routes`): the visitor's checkout and
 * figures, the post-donation offer, the donor's manage link and the provider's postbacks. No session anywhere: the
 * visitor and the donor are anonymous, and each call carries its own capability (the widget on a published page,
 * the donation's key, the manage token, the provider's signature).
 */
export function donationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);

  r.get('/api/widgets/:id/donation', { schema: { params: idParams } }, async (request, reply) => {
    const found = await findPublishedWidget(ctx.db, request.params.id);
    if (found.widget.kind !== 'donation') throw new AppError('not_found', undefined, 'formEntries.widgetNotFound');
    reply.header('cache-control', 'no-store');
    return {
      available: (await recipientOf(ctx.db, found.communityId)) !== undefined,
      checkout: ctx.payments.driver.browserCheckout(),
      stats: await donationStats(ctx.db, found.widget.id),
    };
  });

  // The consent notice each copy of a widget this process holds shows, worked out once per copy.
  const consentOf = oncePerCopy((found) => consentShown(ctx.config, found));

  // The body is read after the widget is found (a missing widget is a 404 whatever the body), so not in `schema`.
  r.post(
    '/api/mobilizations/:id/donations',
    {
      bodyLimit: DONATION_BODY_LIMIT,
      config: { tooLargeMessage: 'formWidget.entryTooLarge' },
      preValidation: visitorAction(ctx, requireSolution(ctx, pageInPath)),
      ...idempotentAction(ctx.database, ctx.config.formEntryWriters),
      schema: { params: idParams },
    },
    async (request, reply) => {
      const body = unwrap(request.body, 'donation') as Record<string, unknown>;
      const widgetId = requestedWidgetId(body ?? {});
      const { written } = await actOnPublishedWidget(ctx.db, widgetId, request.params.id, async (found) => {
        if (found.widget.kind !== 'donation')
          throw new AppError('unprocessable', { widget_id: ['kinds.donation.notDonation'] });
        // An `Idempotency-Key` header names the attempt as well as the body's `attempt` does (API scripts send it).
        const header = request.headers['idempotency-key'];
        const attempt = body.attempt ?? (typeof header === 'string' ? header : undefined);
        const input = checkDonationRequest({ ...body, attempt }, found.widget.settings);
        return createDonation(
          ctx,
          {
            widget: found.widget,
            mobilizationId: found.mobilizationId,
            pageVersion: found.version,
            communityId: found.communityId,
            description: found.pageName,
            consent: consentOf(found),
            origin: request.embedOrigin,
          },
          input,
        );
      });
      return reply.status(201).send(written);
    },
  );

  offerRoutes(app, ctx);
  manageRoutes(app, ctx);
  postbackRoutes(app, ctx);
}
