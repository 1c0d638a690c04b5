import { invitationSchema, memberRoleSchema, TEAM_PER_PAGE } from '@mutirao/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { localeOf } from '../../http/locale';
import { requireUser } from '../../http/session';
import { actorIn, body, idSchema, lenientInt, signedIn, typed } from '../../http/typed';
import { presentCommunity } from '../presenter';
import {
  acceptInvitation,
  describeInvitation,
  inviteToCommunity,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations';
import { changeMemberRole, listMembers, removeMember } from './members';
import { presentInvitation, presentMember } from './presenter';

const PER_PAGE_MAX = 100;
const pageQuery = z.object({ page: lenientInt(1), per_page: lenientInt(1) }).transform((q) => {
  const page = q.page ?? 1;
  const perPage = Math.min(q.per_page ?? TEAM_PER_PAGE, PER_PAGE_MAX);
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
});
const invitationParams = z.object({ id: idSchema, invitation: idSchema });
const memberParams = z.object({ id: idSchema, user: idSchema });
/** A code as `newOpaqueToken` makes them; anything else is the 404 an unknown code gets. */
const codeParams = z.object({ code: z.string().regex(/^[\w-]{20,200}$/) });
const idOnly = z.object({ id: idSchema });

/**
 * The community's team (spec 01 §2 Mobilizadores, §3 Invitation, §7 `POST /communities/{id}/invitation`): members,
 * open invitations, and the invitation link's two calls. Every community route answers a stranger with the 404 of a
 * missing community; the policies (`core/roles.ts`) decide what a member may do.
 */
export function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  const invite = {
    preValidation,
    schema: { params: idOnly, body: body(invitationSchema, { wrappedIn: 'invitation' }) },
  };
  r.post('/api/communities/:id/invitation', invite, async (request, reply) => {
    const row = await inviteToCommunity(ctx, actorIn(request), request.params.id, request.body, localeOf(request));
    return reply.status(201).send({ invitation: presentInvitation(row) });
  });

  const list = { preValidation, schema: { params: idOnly, querystring: pageQuery } };
  r.get('/api/communities/:id/invitations', list, async (request) => {
    const { page, perPage } = request.query;
    const { rows, total } = await listInvitations(ctx.db, actorIn(request), request.params.id, request.query);
    return { invitations: rows.map((row) => presentInvitation(row)), total, page, per_page: perPage };
  });

  const oneInvitation = { preValidation, schema: { params: invitationParams } };
  r.post('/api/communities/:id/invitations/:invitation/resend', oneInvitation, async (request) => {
    const { id, invitation } = request.params;
    const row = await resendInvitation(ctx, actorIn(request), id, invitation, localeOf(request));
    return { invitation: presentInvitation(row) };
  });

  r.delete('/api/communities/:id/invitations/:invitation', oneInvitation, async (request, reply) => {
    await revokeInvitation(ctx.db, actorIn(request), request.params.id, request.params.invitation);
    return reply.status(204).send();
  });

  r.get('/api/communities/:id/members', list, async (request) => {
    const { page, perPage } = request.query;
    const { rows, total } = await listMembers(ctx.db, actorIn(request), request.params.id, request.query);
    return { members: rows.map(presentMember), total, page, per_page: perPage };
  });

  const role = {
    preValidation,
    schema: { params: memberParams, body: body(memberRoleSchema, { wrappedIn: 'member' }) },
  };
  r.put('/api/communities/:id/members/:user', role, async (request) => {
    const { id, user } = request.params;
    return { member: presentMember(await changeMemberRole(ctx.db, actorIn(request), id, user, request.body.role)) };
  });

  r.delete(
    '/api/communities/:id/members/:user',
    { preValidation, schema: { params: memberParams } },
    async (request, reply) => {
      await removeMember(ctx.db, actorIn(request), request.params.id, request.params.user);
      return reply.status(204).send();
    },
  );

  // The invitation link's page asks what the code is for, signed in or not.
  r.get('/api/invitations/:code', { schema: { params: codeParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { invitation: await describeInvitation(ctx.db, request.params.code) };
  });

  r.post('/api/invitations/:code/accept', { preValidation, schema: { params: codeParams } }, async (request) => {
    const user = await requireUser(ctx, request);
    const { community, role } = await acceptInvitation(ctx.db, user, request.params.code);
    return { community: presentCommunity(community, role) };
  });
}
