import { mobilizationScheduleSchema } from '@mutirao/core';
import { domainErrors } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { actorIn } from '../graphql/read';
import { parseInput } from '../http/validate';
import { draftState, listRevisions, publishDraft, restoreRevision, revisionDetail, setSchedule } from './service';

/**
 * Drafts, revisions and schedules on the GraphQL API (issue 34), with the same rules and permissions as the REST
 * routes (`routes.ts`): a page the actor may not edit is null, as a missing one is. A scheduled time saved here runs
 * at the next minute's sweep at the latest (the REST route also queues a run for the exact time).
 */
export const publishingGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    "One publication of a page: who, when, and what changed from the one before."
    type mobilization_revision {
      id: Int!
      number: Int!
      published_at: timestamptz!
      "{id, name} of who published it (for a scheduled one, who scheduled it); null when unknown."
      published_by: jsonb
      scheduled: Boolean!
      restored_from: Int
      "The changes from the revision before: block_added, block_removed, block_moved, block_edited, widget_added, widget_removed, widget_changed."
      changes: jsonb!
    }
    "A page's draft against what visitors see, and its schedule."
    type mobilization_draft {
      mobilization_id: Int!
      launched: Boolean!
      has_changes: Boolean!
      changes: jsonb!
      published_revision: mobilization_revision
      restored_from: Int
      status: String!
      publish_at: timestamptz
      unpublish_at: timestamptz
      schedule_failure: jsonb
    }
    "One revision, read-only: its blocks with their widgets, and what the current draft changes from it."
    type mobilization_revision_detail {
      revision: mobilization_revision!
      live: Boolean!
      blocks: jsonb!
      changes_to_draft: jsonb!
    }
    extend type query_root {
      mobilization_draft(mobilization_id: Int!): mobilization_draft
      "Newest first, 20 a page."
      mobilization_revisions(mobilization_id: Int!, page: Int): [mobilization_revision!]
      mobilization_revision(mobilization_id: Int!, number: Int!): mobilization_revision_detail
    }
    extend type mutation_root {
      "Publishes the draft as the next revision ('Publicar alterações'; the first is the launch)."
      publish_mobilization(mobilization_id: Int!): mobilization_draft
      "Makes the draft what revision number was; visitors see it once it is published."
      restore_mobilization_revision(mobilization_id: Int!, number: Int!): mobilization_draft
      "'Publicar em' and 'Despublicar em': a time in the future, or null to cancel; an argument left out keeps its time."
      schedule_mobilization(mobilization_id: Int!, publish_at: timestamptz, unpublish_at: timestamptz): mobilization_draft
    }
  `,
  resolvers: {
    mobilization_draft: ({ mobilization_id }, gctx) =>
      domainErrors(gctx.locale, () => draftState(gctx.app.db, actorIn(gctx), mobilization_id), true),
    mobilization_revisions: ({ mobilization_id, page }, gctx) =>
      domainErrors(
        gctx.locale,
        async () => (await listRevisions(gctx.app.db, actorIn(gctx), mobilization_id, Math.max(1, page ?? 1))).rows,
        true,
      ),
    mobilization_revision: ({ mobilization_id, number }, gctx) =>
      domainErrors(gctx.locale, () => revisionDetail(gctx.app.db, actorIn(gctx), mobilization_id, number), true),
    publish_mobilization: ({ mobilization_id }, gctx) =>
      domainErrors(gctx.locale, () => publishDraft(gctx.app.db, actorIn(gctx), mobilization_id), true),
    restore_mobilization_revision: ({ mobilization_id, number }, gctx) =>
      domainErrors(gctx.locale, () => restoreRevision(gctx.app.db, actorIn(gctx), mobilization_id, number), true),
    schedule_mobilization: ({ mobilization_id, ...times }, gctx) =>
      domainErrors(
        gctx.locale,
        () =>
          setSchedule(
            gctx.app.db,
            actorIn(gctx),
            mobilization_id,
            parseInput(mobilizationScheduleSchema, times, 'unprocessable'),
          ),
        true,
      ),
  },
};
