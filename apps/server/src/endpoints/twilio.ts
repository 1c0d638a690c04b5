import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { twilioCalls } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { idParams, typed } from '../http/typed';
import { callState, callTopics, isFinal, recordTransition } from '../telephony/calls';
import { SandboxTelephonyDriver } from '../telephony/sandbox';
import { validTwilioSignature } from '../telephony/signature';

/** How long a visitor's status request waits for the call to change before answering as it is. */
export const STATUS_WAIT_MS = 20_000;

const statusQuery = z.object({ key: z.string().max(100).default(''), after: z.string().max(20).optional() });
const formBody = z.record(z.string(), z.string());

/**
 * Telephony over HTTP: Twilio's status callbacks (form-encoded, signed) and the visitor's view of their call.
 * Callbacks get their own scope so their form parser touches no other route.
 */
export function telephonyRoutes(app: FastifyInstance, ctx: AppContext) {
  const { telephony } = ctx;

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(String(body))) params[key] = value;
      done(null, params);
    });
    // The sandbox's callbacks travel through this very route, signed like Twilio's.
    if (telephony.driver instanceof SandboxTelephonyDriver) {
      telephony.driver.attach(async (url, params, signature) => {
        const res = await scope.inject({
          method: 'POST',
          url: new URL(url).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          payload: new URLSearchParams(params).toString(),
        });
        if (res.statusCode >= 300) throw new Error(`webhook answered ${res.statusCode}`);
      });
    }

    /**
     * `POST /api/twilio/calls/:id/status`: one status callback. The signature is checked over the URL this server
     * gave Twilio (built from configuration, not from the Host header) and the posted parameters, with the call's
     * community token. Anything unsigned, forged or for another call is 403 and records nothing; a replayed callback
     * (same `CallSid` and status) is 204 and records nothing either.
     */
    typed(scope).post(
      '/api/twilio/calls/:id/status',
      { schema: { params: idParams }, bodyLimit: 16 * 1024 },
      async (request, reply) => {
        const params = formBody.safeParse(request.body);
        const [call] = await ctx.db
          .select({ communityId: twilioCalls.communityId, widgetId: twilioCalls.widgetId })
          .from(twilioCalls)
          .where(eq(twilioCalls.id, request.params.id))
          .limit(1);
        const account = call && (await telephony.accountOf(ctx.db, call.communityId));
        const signature = request.headers['x-twilio-signature'];
        if (
          !params.success ||
          !account ||
          !validTwilioSignature(
            account.authToken,
            telephony.statusUrl(request.params.id),
            params.data,
            typeof signature === 'string' ? signature : undefined,
          )
        )
          throw new AppError('forbidden', undefined, 'errors.forbidden');
        const recorded = await recordTransition(ctx.db, request.params.id, params.data);
        if (!recorded) throw new AppError('forbidden', undefined, 'errors.forbidden');
        // A replay is acknowledged like the first (Twilio stops retrying) and changes nothing.
        if (recorded.replay) return reply.status(204).send();
        if (recorded.mailchimp) await ctx.mailing.nudge(call.communityId);
        // Committed: wake the visitor's waiting status request and the organisers' subscriptions.
        await ctx.events.publish(callTopics.call(request.params.id), callTopics.widget(call.widgetId));
        return reply.status(204).send();
      },
    );
  });

  /**
   * `GET /api/twilio/calls/:id?key=`: the visitor's call as they see it. With `after=<status>` the answer waits (up
   * to 20 s) until the call leaves that state, so the island learns of each change as it happens without asking
   * every few seconds. Without the call's key it is the same 404 as a missing call.
   */
  typed(app).get(
    '/api/twilio/calls/:id',
    { schema: { params: idParams, querystring: statusQuery } },
    async (request, reply) => {
      const { id } = request.params;
      if (!telephony.checkKey('call', id, request.query.key)) throw notFound();
      reply.header('cache-control', 'no-store');
      let state = await callState(ctx.db, id);
      const after = request.query.after;
      if (after && state.status === after && !isFinal(state.status)) {
        const gone = new AbortController();
        request.raw.once('close', () => gone.abort());
        await ctx.events.next(callTopics.call(id), STATUS_WAIT_MS, gone.signal);
        state = await callState(ctx.db, id);
      }
      return { twilio_call: state };
    },
  );
}
