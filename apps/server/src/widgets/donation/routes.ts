import type { FastifyInstance } from 'fastify';
import { consentShown } from '../../activists/consent';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { idParams, typed } from '../../http/typed';
import { unwrap } from '../../http/validate';
import { findPublishedWidget, visitorAction } from '../visitor';
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

  // The body is read after the widget is found (a missing widget is a 404 whatever the body), so not in `schema`.
  r.post(
    '/api/mobilizations/:id/donations',
    {
      bodyLimit: DONATION_BODY_LIMIT,
      config: { tooLargeMessage: 'formWidget.entryTooLarge' },
      preValidation: visitorAction(ctx),
      schema: { params: idParams },
    },
    async (request, reply) => {
      const body = unwrap(request.body, 'donation') as Record<string, unknown>;
      const found = await findPublishedWidget(ctx.db, requestedWidgetId(body ?? {}), request.params.id);
      if (found.widget.kind !== 'donation')
        throw new AppError('unprocessable', { widget_id: ['kinds.donation.notDonation'] });
      if ((await recipientOf(ctx.db, found.communityId)) === undefined)
        throw new AppError('unprocessable', { widget_id: ['kinds.donation.noRecipient'] });
      const input = checkDonationRequest(body, found.widget.settings);
      const answer = await createDonation(
        ctx,
        {
          widget: found.widget,
          mobilizationId: found.mobilizationId,
          communityId: found.communityId,
          consent: consentShown(ctx.config, found),
        },
        input,
      );
      return reply.status(201).send(answer);
    },
  );

  offerRoutes(app, ctx);
  manageRoutes(app, ctx);
  postbackRoutes(app, ctx);
}
