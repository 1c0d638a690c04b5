import { formEntrySubmissionSchema, type Locale, parseFormFields } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { consentShown } from '../../activists/consent';
import { pageInPath, requireSolution } from '../../antispam/guard';
import { adminBaseUrl } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { body, idParams, typed } from '../../http/typed';
import { visitorAction } from '../../rate-limit/visitorGuards';
import { actionCount } from '../counters';
import { idempotentAction } from '../idempotency';
import { actOnPublishedWidget, findPublishedWidget, oncePerCopy } from '../visitor';
import { matchSubmission, readSubmittedFields } from './entries';
import { submitFormEntry } from './submit';

/** 50 fields of 2,000 characters fit with room to spare; past this the body is refused before it is parsed. */
export const FORM_ENTRY_BODY_LIMIT = 256 * 1024;

/**
 * The visitor's side of the form widget, on public hosts and the admin host alike: the submission and the live
 * counter. No session: these are the public page's calls.
 */
export function formEntryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  /**
   * What every submission to a widget reads from it, worked out once per copy of the widget this process holds (a
   * new version is a new copy): its fields, and the consent notice its page shows.
   */
  const derived = oncePerCopy((found) => ({
    stored: parseFormFields(found.widget.settings.fields),
    consent: consentShown(ctx.config, found),
  }));
  r.post(
    '/api/mobilizations/:id/form_entries',
    {
      bodyLimit: FORM_ENTRY_BODY_LIMIT,
      config: { tooLargeMessage: 'formWidget.entryTooLarge' },
      preValidation: visitorAction(ctx, requireSolution(ctx, pageInPath)),
      ...idempotentAction(ctx.database, ctx.config.formEntryWriters),
      schema: { params: idParams, body: body(formEntrySubmissionSchema, { wrappedIn: 'form_entry' }) },
    },
    async (request, reply) => {
      const { id: mobilizationId } = request.params;
      const input = request.body;
      const { found, written } = await actOnPublishedWidget(ctx.db, input.widget_id, mobilizationId, (found) => {
        if (found.widget.kind !== 'form') throw new AppError('unprocessable', { widget_id: ['formEntries.notForm'] });
        const { stored, consent } = derived(found);
        const fields = matchSubmission(stored, readSubmittedFields(input.fields));
        return submitFormEntry(ctx, {
          mobilizationId,
          pageVersion: found.version,
          communityId: found.communityId,
          widget: found.widget,
          fields,
          locale: (found.language === 'es' ? 'es' : 'pt-BR') satisfies Locale,
          baseUrl: adminBaseUrl(ctx.config),
          consent,
          origin: request.embedOrigin,
        });
      });
      const { entry, count } = written;
      return reply.status(201).send({
        form_entry: { id: entry.id, widget_id: found.widget.id, created_at: entry.createdAt.toISOString() },
        form_entries_count: count,
      });
    },
  );

  r.get('/api/widgets/:id/form_entries_count', { schema: { params: idParams } }, async (request, reply) => {
    const found = await findPublishedWidget(ctx.db, request.params.id);
    if (found.widget.kind !== 'form') throw new AppError('not_found', undefined, 'formEntries.widgetNotFound');
    reply.header('cache-control', 'no-store');
    return { form_entries_count: await actionCount(ctx.db, found.widget.id) };
  });
}
