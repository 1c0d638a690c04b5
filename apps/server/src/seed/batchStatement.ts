import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import { BATCH_KINDS, batchStatementText } from '../widgets/batchKinds';

const batchStatementSchema = z.object({
  /** A kind of batch (`widgets/batchKinds.ts`): 'form', 'pressure', 'idempotency-reserve', … */
  kind: z.string().refine((kind) => Object.hasOwn(BATCH_KINDS, kind), 'unknown kind of batch'),
  rows: z.number().int().min(1).max(1000),
  /** When given, the model row must be of this widget (a kind whose rows act on one). */
  widget_id: z.number().int().positive().optional(),
  /** Carried by every unique value of every copy, then `-{i}`: the bench gives a pgbench variable (`:name`). */
  unique: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{1,64}$/)
    .default(() => `copy-${Date.now()}`),
});

/**
 * Test-only (ENABLE_TEST_SEED): `POST /api/dev/batch-statement {kind, rows, widget_id?, unique?}` answers the kind's
 * real batch statement for `rows` copies of the last row this process wrote of that kind, as SQL text, for the
 * bench's pgbench (docs/bench.md). The copies are the app's own rows (the route that wrote the model built them),
 * each with its e-mail and keys made unique. 409 when the process has written no row of the kind yet, or its last
 * was of another widget than `widget_id`.
 */
export function batchStatementRoute(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/dev/batch-statement', async (request, reply) => {
    const input = parseInput(batchStatementSchema, request.body);
    const kind = BATCH_KINDS[input.kind];
    if (!kind) throw new Error('unreachable: the schema checked the kind');
    const model = kind.writer(ctx.database, ctx.config.formEntryWriters).lastRow;
    if (model === undefined)
      return reply.status(409).send({ errors: [`this process has written no ${input.kind} batch yet`] });
    const widgetId = kind.widgetOf(model);
    if (input.widget_id !== undefined && widgetId !== input.widget_id)
      return reply.status(409).send({ errors: [`the last ${input.kind} row written was of widget ${widgetId}`] });
    return {
      kind: input.kind,
      rows: input.rows,
      widget_id: widgetId ?? null,
      statement: batchStatementText(kind, model, input.rows, input.unique),
    };
  });
}
