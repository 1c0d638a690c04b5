import { parseTargets, validatePhoneCall } from '@mutirao/core';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { consentShown } from '../../activists/consent';
import { requireSolution, widgetPageInPath } from '../../antispam/guard';
import { twilioConfigRoutes } from '../../communities/twilioRoutes';
import type { AppContext } from '../../context';
import { twilioCalls, twilioConfigurations } from '../../db/schema';
import { telephonyRoutes } from '../../endpoints/twilio';
import { AppError } from '../../http/errors';
import { idParams, typed } from '../../http/typed';
import { unwrap } from '../../http/validate';
import { visitorAction } from '../../rate-limit/visitorGuards';
import { idempotentAction } from '../idempotency';
import { findPublishedWidget } from '../visitor';
import { startPhoneCall } from './phoneCall';

const str = z.string().max(300).default('');
/** The wire shape; the rules and their messages are core's `validatePhoneCall`, shared with the island. */
const callSchema = z.object({
  activist: z.object({
    first_name: str,
    last_name: str,
    email: str,
    phone_number: str,
    city: z.string().max(300).nullish(),
  }),
  target: str,
  pressure: z.object({ id: z.number().int().positive().max(2_147_483_647), key: z.string().max(100) }).optional(),
});

async function phoneWidget(ctx: AppContext, id: number) {
  const found = await findPublishedWidget(ctx.db, id);
  if (found.widget.kind !== 'pressure-phone')
    throw new AppError('unprocessable', { widget_id: ['kinds.pressure.notPhonePressure'] });
  return found;
}

/**
 * The phone pressure's visitor routes (spec 02 §4 "Phone call per target"): whether the community can place calls
 * (allTwilioConfigurations' count, for the warning) with the widget's call count (allTwilioCalls), and starting one
 * call to one target. Then the telephony routes (callbacks, the call's status, the Twilio tab).
 */
export function phonePressureRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  telephonyRoutes(app, ctx);
  twilioConfigRoutes(app, ctx);

  r.get('/api/widgets/:id/telephony', { schema: { params: idParams } }, async (request, reply) => {
    const found = await phoneWidget(ctx, request.params.id);
    const [configs] = await ctx.db
      .select({ n: count() })
      .from(twilioConfigurations)
      .where(eq(twilioConfigurations.communityId, found.communityId));
    const [calls] = await ctx.db
      .select({ n: count() })
      .from(twilioCalls)
      .where(eq(twilioCalls.widgetId, found.widget.id));
    reply.header('cache-control', 'no-store');
    return {
      twilio_configurations: { count: Number(configs?.n ?? 0) },
      twilio_calls: { count: Number(calls?.n ?? 0) },
      sandbox: ctx.telephony.driver.name === 'sandbox',
    };
  });

  const call = {
    preValidation: visitorAction(ctx, requireSolution(ctx, widgetPageInPath(ctx.db))),
    ...idempotentAction(ctx.database, ctx.config.formEntryWriters),
    schema: { params: idParams },
  };
  r.post('/api/widgets/:id/call', { ...call, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const found = await phoneWidget(ctx, request.params.id);
    const parsed = callSchema.safeParse(unwrap(request.body, 'call'));
    if (!parsed.success) throw new AppError('unprocessable', { base: ['errors.invalidBody'] });
    const input = parsed.data;
    const targets = parseTargets(found.widget.settings.targets).filter((t) => t.channel === 'phone');
    const { errors, phone } = validatePhoneCall(input, {
      targets,
      showCity: found.widget.settings.show_city === 'city-true',
    });
    const target = targets.find((t) => t.address === input.target);
    if (Object.keys(errors).length || !phone || !target)
      throw new AppError(
        'unprocessable',
        Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
      );
    const answer = await startPhoneCall(ctx, {
      mobilizationId: found.mobilizationId,
      communityId: found.communityId,
      widget: found.widget,
      input,
      phone,
      target,
      pressure: input.pressure,
      consent: consentShown(ctx.config, found),
      origin: request.embedOrigin,
    });
    return reply.status(201).send(answer);
  });
}
