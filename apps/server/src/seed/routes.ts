import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import { createCommunity, createUser } from './factories';
import { seedGlobalTemplates } from './templates';

const seedSchema = z.object({
  user: z.object({
    email: z.string().email(),
    password: z.string().min(8),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
  }),
  communities: z.array(z.object({ name: z.string().min(1), city: z.string().optional() })).default([]),
  /** Also add the global template library (idempotent), as the demo seed does. */
  globalTemplates: z.boolean().default(false),
});

/**
 * Test-only: lets browser journeys build data with the seed factories, since the embedded database lives inside
 * the server process. Registered only when ENABLE_TEST_SEED=true and never in production.
 */
export function testSeedRoutes(app: FastifyInstance, ctx: AppContext) {
  if (process.env.ENABLE_TEST_SEED !== 'true' || ctx.config.production) return;
  app.post('/api/dev/seed', async (request, reply) => {
    const input = parseInput(seedSchema, request.body);
    const user = await createUser(ctx.db, input.user);
    const communities = [];
    for (const c of input.communities) communities.push(await createCommunity(ctx.db, { ...c, ownerId: user.id }));
    if (input.globalTemplates) await seedGlobalTemplates(ctx.db);
    return reply.status(201).send({
      user: { id: user.id, email: user.email },
      communities: communities.map((c) => ({ id: c.id, name: c.name })),
    });
  });
}
