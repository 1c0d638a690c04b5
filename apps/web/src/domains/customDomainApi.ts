import { normalizeDomain, withoutWww } from '@mutirao/core';
import { ApiError } from '../api/client';
import { GraphQLRequestError, graphql } from '../api/graphql';
import type { RouterAddOperationMutation } from '../api/graphql.generated';
import { saveMobilization } from '../mobilizations/settings/settingsApi';

const ROUTER_ADD_OPERATION = /* GraphQL */ `
  mutation RouterAddOperation($domains: [String]!, $operation: String!) {
    router_add_operation(operation: $operation, domains: $domains)
  }
`;

/** A page answers on its bare host and on www (spec 01 §9): both go on the TLS allow-list together. */
export const hostsOf = (domain: string) => {
  const bare = withoutWww(normalizeDomain(domain));
  return [bare, `www.${bare}`];
};

/**
 * `router_add_operation`: adds the hosts to, or takes them off, the list of hosts that may get a certificate. A
 * refusal (a domain outside the community's zones) becomes the custom-domain field's error.
 */
export async function routerOperation(operation: 'append' | 'remove', domains: string[]) {
  try {
    await graphql<RouterAddOperationMutation>(ROUTER_ADD_OPERATION, { domains, operation });
  } catch (error) {
    if (error instanceof GraphQLRequestError)
      throw new ApiError('response', 422, { custom_domain: [error.message] }, []);
    throw error;
  }
}

/**
 * Sets or clears a page's custom domain as the original admin did: the old hosts leave the allow-list, the new ones
 * join it, and the page is updated. The order is chosen so that a refusal leaves things as they were: the new hosts
 * are appended first (a domain outside the community is refused there), the page is saved next (a domain another
 * page uses is refused there, and the old hosts are still allowed), and only then are the old hosts removed.
 */
export async function saveCustomDomain(id: number, previous: string | null, next: string) {
  const oldHosts = previous ? hostsOf(previous) : [];
  const bare = withoutWww(normalizeDomain(next));
  const newHosts = bare ? hostsOf(bare) : [];
  if (newHosts.length) await routerOperation('append', newHosts);
  const saved = await saveMobilization(id, { custom_domain: bare || null });
  const leaving = oldHosts.filter((h) => !newHosts.includes(h));
  if (leaving.length) await routerOperation('remove', leaving);
  return saved;
}
