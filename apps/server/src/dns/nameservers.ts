import { Resolver } from 'node:dns/promises';
import { unqualified } from './driver';

/**
 * The name-server check (spec 01 §4 domain wizard step 3): a real DNS query for the domain's NS records through the
 * configured resolver (DNS_RESOLVER, 'host' or 'host:port', comma separated; the system's otherwise). The zone is
 * delegated to us when every name server we gave is among those the world now answers.
 */
export async function nameServersPointAtUs(
  domainName: string,
  expected: readonly string[],
  resolverAddresses: readonly string[],
): Promise<boolean> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (resolverAddresses.length) resolver.setServers([...resolverAddresses]);
  let answered: string[];
  try {
    answered = (await resolver.resolveNs(domainName)).map(unqualified);
  } catch {
    // NXDOMAIN, no NS answer, or a resolver that did not answer: not delegated yet.
    return false;
  }
  return expected.length > 0 && expected.every((ns) => answered.includes(unqualified(ns)));
}
