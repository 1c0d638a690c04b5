import { type Actor, dnsHostedZoneSchema, dnsRecordSchema, msg, policies } from '@mutirao/core';
import { findCommunityFor } from '../communities/service';
import type { DnsHostedZone } from '../db/schema';
import type { GraphQLContext } from '../graphql/context';
import { absentAsNull } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { actorIn, atPath, rowOf } from '../graphql/read';
import { AppError } from '../http/errors';
import { parseInput } from '../http/validate';
import { addRecord, createZone, deleteRecord, deleteZone, findZone } from './zones';

/*
 * The domain screens of Bonde's canary client (spec 01 §7 DNS calls) on our domains: the zone's Route 53 answer as
 * the original kept it (`response`), and its four actions, each the REST route's function with its checks and
 * messages. Only a community's admins change its domains; a community the caller does not work in answers null.
 */

/** The community the caller manages: outsiders get the 404 a missing one gets (null here), members a 403. */
async function managed(gctx: GraphQLContext, communityId: unknown): Promise<number> {
  if (typeof communityId !== 'number')
    throw new AppError('unprocessable', { community_id: [msg('validation.required')] });
  const actor: Actor = actorIn(gctx);
  const { membership } = await findCommunityFor(gctx.app.db, actor, communityId);
  if (!policies.canManageCommunity(actor, membership)) throw new AppError('forbidden', undefined, 'errors.forbidden');
  return communityId;
}

/** An action's input object, or a field error naming the argument when it was sent as null. */
function given<T>(value: T | null | undefined, name: string): T {
  if (value === null || value === undefined)
    throw new AppError('unprocessable', { [name]: [msg('validation.required')] });
  return value;
}

/**
 * The original's `response`: the provider's answer when the zone was made, `{HostedZone, DelegationSet}` as Route 53
 * gives it (the older snake_case keys its clients also ask for are absent, and they fall back to these). An external
 * domain has no zone of ours, so no answer.
 */
function responseOf(zone: DnsHostedZone) {
  if (zone.isExternalDomain || (!zone.hostedZone && !zone.delegationSet)) return null;
  return {
    HostedZone: zone.hostedZone,
    DelegationSet: zone.delegationSet ?? { NameServers: zone.delegationSetServers ?? [] },
  };
}

const domainResult = (zone: DnsHostedZone) => ({
  id: zone.id,
  domain_name: zone.domainName,
  comment: null,
  name_servers: zone.delegationSetServers ?? [],
  ns_ok: zone.nsOk,
  status: zone.status,
  created_at: zone.createdAt.toISOString(),
  updated_at: zone.updatedAt.toISOString(),
  community_id: zone.communityId,
});

const NOT_KEPT = '"Bonde\'s free-text note; not kept here, so always null."\n    comment: String';

export const bondeDomainGraphQL: GraphQLModule = {
  fields: {
    dns_hosted_zones: {
      comment: { sdl: NOT_KEPT, resolve: () => null },
      response: {
        sdl: '"The provider\'s answer when the zone was made ({HostedZone, DelegationSet}), as the original kept it."\n    response(path: String): jsonb',
        resolve: (node, args) => atPath(responseOf(rowOf(node) as DnsHostedZone), args.path as string | undefined),
      },
    },
    dns_records: { comment: { sdl: NOT_KEPT, resolve: () => null } },
  },
  sdl: /* GraphQL */ `
    input DomainInput { domain_name: String! community_id: Int! comment: String }
    input DeleteDomainInput { dns_hosted_zone_id: Int! community_id: Int! }
    input RecordInput {
      name: String! value: [String!]! ttl: Int! record_type: String! hosted_zone_id: String! dns_hosted_zone_id: Int!
      community_id: Int!
    }
    input DeleteRecordsInput { dns_hosted_zone_id: Int! records: [Int]! community_id: Int! }
    type DomainResult {
      id: Int! domain_name: String! comment: String name_servers: [String]! ns_ok: Boolean status: String
      created_at: String updated_at: String community_id: Int!
    }
    type DeleteDomainResult { id: Int status: String }
    type RecordResult {
      name: String! dns_hosted_zone_id: Int! record_type: String! value: [String!]! ttl: Int! comment: String
    }
    type DeleteRecordsResult { dns_hosted_zone_id: Int! records: [Int]! }
    extend type mutation_root {
      "Registers a domain in the community: its hosted zone at the DNS provider, then the row (admins only)."
      create_domain(domain: DomainInput): DomainResult
      "Removes a domain: its zone at the provider, then its row with its records and certificates (admins only)."
      delete_domain(domain: DeleteDomainInput): DeleteDomainResult
      "Adds a record set to a domain of the community (admins only); several values are one record set."
      create_record(record: RecordInput): RecordResult
      "Removes record sets of a domain (admins only); answers the ids removed."
      delete_records(records: DeleteRecordsInput): DeleteRecordsResult
    }
  `,
  resolvers: {
    create_domain: ({ domain }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        const input = given(domain, 'domain');
        const communityId = await managed(gctx, input.community_id);
        const { domain_name } = parseInput(dnsHostedZoneSchema, { domain_name: input.domain_name }, 'unprocessable');
        return domainResult(await createZone(gctx.app, communityId, domain_name, false));
      }),
    delete_domain: ({ domain }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        const input = given(domain, 'domain');
        const communityId = await managed(gctx, input.community_id);
        const zone = await findZone(gctx.app.db, communityId, input.dns_hosted_zone_id);
        await deleteZone(gctx.app, zone);
        return { id: zone.id, status: 'deleted' };
      }),
    create_record: ({ record }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        const input = given(record, 'record');
        const communityId = await managed(gctx, input.community_id);
        const zone = await findZone(gctx.app.db, communityId, input.dns_hosted_zone_id);
        const values = parseInput(
          dnsRecordSchema,
          { name: input.name, record_type: input.record_type, ttl: input.ttl, value: input.value.join('\n') },
          'unprocessable',
        );
        const row = await addRecord(gctx.app, zone, values);
        return {
          name: row.name,
          dns_hosted_zone_id: row.dnsHostedZoneId,
          record_type: row.recordType,
          value: row.value.split('\n'),
          ttl: row.ttl,
          comment: null,
        };
      }),
    delete_records: ({ records }, gctx) =>
      absentAsNull(gctx.locale, async () => {
        const input = given(records, 'records');
        const communityId = await managed(gctx, input.community_id);
        const zone = await findZone(gctx.app.db, communityId, input.dns_hosted_zone_id);
        const removed: number[] = [];
        for (const id of new Set(input.records)) {
          if (typeof id !== 'number') continue;
          // A record of another zone is as missing as one that never was: left out of the answer.
          const done = await deleteRecord(gctx.app, zone, id).then(
            () => true,
            (error: unknown) => {
              if (error instanceof AppError && error.code === 'not_found') return false;
              throw error;
            },
          );
          if (done) removed.push(id);
        }
        return { dns_hosted_zone_id: zone.id, records: removed };
      }),
  },
};
