import { type Actor, invitationSchema, msg, policies, type Recipient, recipientSchema, translate } from '@mutirao/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { communities, invitations, users } from '../db/schema';
import { type GraphQLContext, loaderOf } from '../graphql/context';
import { absentAsNull } from '../graphql/errors';
import type { GraphQLModule, GraphQLNode } from '../graphql/policy';
import { actorIn, rowOf } from '../graphql/read';
import { AppError } from '../http/errors';
import { parseInput } from '../http/validate';
import { type RecipientRow, saveRecipient } from './recipient';
import { findCommunityFor } from './service';
import { createInvitation } from './team/invitations';

/*
 * The community screens of Bonde's canary client on our model: the Mailchimp resync (Integrações), the team's
 * invitations (Mobilizadores) and the recipient (Recebedor). Each is the REST route's function, with its checks,
 * messages and permissions; a community the caller does not work in answers null (or nothing), never an error.
 */

/** The community the caller works in; with `may`, something they must be allowed (else a 403 with `message`). */
async function communityFor(
  gctx: GraphQLContext,
  communityId: unknown,
  field: string,
  may?: {
    allowed: (actor: Actor, membership: Parameters<typeof policies.canManageCommunity>[1]) => boolean;
    message: string;
  },
): Promise<number> {
  if (typeof communityId !== 'number') throw new AppError('unprocessable', { [field]: [msg('validation.required')] });
  const actor = actorIn(gctx);
  const { membership } = await findCommunityFor(gctx.app.db, actor, communityId);
  if (may && !may.allowed(actor, membership)) throw new AppError('forbidden', undefined, may.message);
  return communityId;
}

/** The original asked by widget too (`is_community: false`); our resync is the whole community's. */
function communityResync(isCommunity: boolean) {
  if (!isCommunity) throw new AppError('unprocessable', { is_community: [msg('mailchimp.resyncCommunityOnly')] });
}

/** What the original's status answered as its queue's counts, from our resync's progress; `status` in words. */
async function resyncStatus(gctx: GraphQLContext, communityId: number) {
  const { mailing } = gctx.app;
  const sync = await mailing.state(communityId);
  const configured = Boolean(await mailing.accountOf(communityId));
  const running = sync.resyncStatus === 'running';
  const t = (key: string, params?: Record<string, string | number>) => translate(gctx.locale, key, params);
  const status = sync.pausedAt
    ? t(sync.pausedReason === 'list_not_found' ? 'mailchimp.pausedListNotFound' : 'mailchimp.pausedInvalidKey')
    : running
      ? t('mailchimp.resyncRunning', { done: sync.resyncDone, total: sync.resyncTotal ?? 0 })
      : sync.resyncStatus === 'done'
        ? t('mailchimp.resyncDone', { count: sync.resyncDone })
        : t(configured ? 'mailchimp.statusActive' : 'mailchimp.statusOff');
  return {
    completed: sync.resyncDone,
    waiting: running ? Math.max((sync.resyncTotal ?? 0) - sync.resyncDone, 0) : 0,
    failed: 0,
    active: 0,
    last_sync: sync.lastSyncedAt?.toISOString() ?? '',
    status,
  };
}

/** The original's answer when a resync starts; its client compares the text, so it is kept word for word. */
const RESYNC_STARTED = 'started to add contacts to the queue';

/** The recipient as the original's payment service answered it (Pagar.me's recipient object). */
function recipientEntity(row: RecipientRow) {
  const bank = (row.bankAccount ?? {}) as Record<string, unknown>;
  const documentNumber = typeof bank.document_number === 'string' ? bank.document_number : null;
  return {
    id: row.id,
    community_id: row.communityId,
    recipient: {
      id: row.pagarmeRecipientId,
      object: 'recipient',
      transfer_day: row.transferDay,
      transfer_enabled: row.transferEnabled,
      transfer_interval: row.transferInterval,
      bank_account: {
        ...bank,
        id: bank.id ?? null,
        object: 'bank_account',
        document_type: documentNumber ? (documentNumber.length > 11 ? 'cnpj' : 'cpf') : null,
      },
    },
  };
}

/** An invitation's inviter (the original's `user`), as the caller may see users: one query per level. */
function inviter(node: GraphQLNode, _args: unknown, gctx: GraphQLContext) {
  const id = rowOf(node).invitedById as number | null;
  if (id === null) return null;
  return loaderOf(gctx, 'invitations.user', async (ids) => {
    const t = gctx.surface.table('users');
    const rows = await gctx.surface.rows(t, gctx, { limit: ids.length }, inArray(users.id, [...ids]));
    return new Map(rows.map((n) => [n.id as number, n]));
  }).load(id);
}

export const bondeCommunityGraphQL: GraphQLModule = {
  fields: {
    invitations: {
      user: { sdl: '"Who sent the invitation."\n    user: users', resolve: inviter },
      user_id: {
        sdl: '"Who sent the invitation (invited_by_id)."\n    user_id: Int',
        resolve: (n) => rowOf(n).invitedById,
      },
      updated_at: {
        sdl: '"When the current code was sent (sent_at)."\n    updated_at: timestamptz',
        resolve: (n) => (rowOf(n).sentAt as Date).toISOString(),
      },
      code: {
        sdl: '"Only the e-mail carries the invitation\'s code; it is kept hashed, so always null."\n    code: String',
        resolve: () => null,
      },
      expires: {
        sdl: '"When the link stops working (expires_at)."\n    expires: timestamptz',
        resolve: (n) => (rowOf(n).expiresAt as Date).toISOString(),
      },
      expired: {
        sdl: '"No longer usable: accepted, revoked or past expires_at."\n    expired: Boolean!',
        resolve: (n) => {
          const row = rowOf(n);
          return row.acceptedAt !== null || row.revokedAt !== null || (row.expiresAt as Date) <= new Date();
        },
        filter: {
          type: 'Boolean',
          sql: () =>
            sql`(${invitations.acceptedAt} is not null or ${invitations.revokedAt} is not null or ${invitations.expiresAt} <= now())`,
        },
      },
    },
  },
  sdl: /* GraphQL */ `
    type MailchimpStatus { completed: Int waiting: Int failed: Int active: Int last_sync: String status: String }
    type MailchimpStart { status: String }
    input InvitationInput { community_id: Int email: String role: Int user_id: Int }
    input RecipientEntityInput { id: Int community_id: Int recipient: jsonb }
    type RecipientBankAccount {
      id: Int object: String type: String bank_code: String agencia: String agencia_dv: String conta: String
      conta_dv: String legal_name: String document_type: String document_number: String
    }
    type RecipientEntityRecipient {
      "The payment provider's recipient id."
      id: String
      object: String transfer_day: Int transfer_enabled: Boolean transfer_interval: String
      bank_account: RecipientBankAccount
    }
    type RecipientEntity { id: Int! community_id: Int! recipient: RecipientEntityRecipient }
    extend type query_root {
      "The community's Mailchimp resync (is_community must be true: id is the community's)."
      resync_mailchimp_status(id: Int!, is_community: Boolean!): MailchimpStatus
    }
    extend type mutation_root {
      "Starts sending every activist of the community to Mailchimp again (any member, as the Mailchimp tab)."
      resync_mailchimp_start(id: Int!, is_community: Boolean!): MailchimpStart
      "Invites an e-mail address into the community with a role, and mails it the link."
      send_invitation(input: InvitationInput): invitations
      "Creates or updates the community's recipient at the payment provider, then stores it (the community's admins)."
      create_or_update_recipient(input: RecipientEntityInput): RecipientEntity
    }
  `,
  resolvers: {
    resync_mailchimp_status: ({ id, is_community }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        communityResync(is_community);
        return resyncStatus(gctx, await communityFor(gctx, id, 'id'));
      }),
    resync_mailchimp_start: ({ id, is_community }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        communityResync(is_community);
        const communityId = await communityFor(gctx, id, 'id', {
          allowed: policies.canManageCommunity,
          message: 'mailchimp.readOnly',
        });
        // Read in the document's transaction (the mailing service reads outside it, which would wait on it).
        const [settings] = await gctx.app.db
          .select({ key: communities.mailchimpApiKey, list: communities.mailchimpListId })
          .from(communities)
          .where(eq(communities.id, communityId));
        if (!settings?.key || !settings.list)
          throw new AppError('unprocessable', { mailchimp_list_id: ['mailchimp.notConfigured'] });
        gctx.afterCommit((app) => app.mailing.startResync(communityId));
        return { status: RESYNC_STARTED };
      }),
    send_invitation: ({ input }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        const communityId = await communityFor(gctx, input?.community_id, 'community_id');
        // `user_id` was the original's inviter, sent by its client; the inviter is the caller here.
        const values = parseInput(
          invitationSchema,
          { email: input?.email, role: input?.role ?? undefined },
          'unprocessable',
        );
        const { invitation, outboxId } = await createInvitation(
          gctx.app,
          actorIn(gctx),
          communityId,
          values,
          gctx.locale,
        );
        gctx.afterCommit((app) => app.mailer.dispatch(outboxId));
        return gctx.surface.node(gctx.surface.table('invitations'), invitation);
      }),
    create_or_update_recipient: ({ input }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        const communityId = await communityFor(gctx, input?.community_id, 'community_id', {
          allowed: policies.canManageBankData,
          message: 'errors.bankDataAdminsOnly',
        });
        const values: Recipient = parseInput(recipientSchema, input?.recipient ?? {}, 'unprocessable');
        const row = await saveRecipient(gctx.app, communityId, values, (error) =>
          console.error('[recipient] the payment provider refused or failed to save a recipient:', error),
        );
        return recipientEntity(row);
      }),
  },
};
