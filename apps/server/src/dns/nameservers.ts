import { Resolver } from 'node:dns/promises';
import { unqualified } from './driver';

/**
 * The name-server check (spec 01 §4 domain wizard step 3): a real DNS query for the domain's NS records through the
 * configured resolver (DNS_RESOLVER, 'host' or 'host:port', comma separated; the system's otherwise). The zone is
 * delegated to us when every name server we gave is among those the world now answers.
 */
const resolverFor = (addresses: readonly string[]) => {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (addresses.length) resolver.setServers([...addresses]);
  return resolver;
};

/** An answer, or none: NXDOMAIN, no record of that type, or a resolver that did not answer all mean 'not yet'. */
const orNone = (lookup: Promise<string[]>) => lookup.catch(() => [] as string[]);

export async function nameServersPointAtUs(
  domainName: string,
  expected: readonly string[],
  resolverAddresses: readonly string[],
): Promise<boolean> {
  const resolver = resolverFor(resolverAddresses);
  let answered: string[];
  try {
    answered = (await resolver.resolveNs(domainName)).map(unqualified);
  } catch {
    // NXDOMAIN, no NS answer, or a resolver that did not answer: not delegated yet.
    return false;
  }
  return expected.length > 0 && expected.every((ns) => answered.includes(unqualified(ns)));
}

/**
 * The check for an external domain, whose DNS stays at its own provider (spec 01 §4 domain wizard, external domain):
 * it is connected once `www.{domain}` is a CNAME to PUBLIC_HOST, or resolves only to PUBLIC_HOST's own addresses.
 * Both are real queries through the configured resolver.
 */
export async function wwwPointsAtUs(
  domainName: string,
  publicHost: string | undefined,
  resolverAddresses: readonly string[],
): Promise<boolean> {
  if (!publicHost) return false;
  const resolver = resolverFor(resolverAddresses);
  const www = `www.${domainName}`;
  const target = unqualified(publicHost);
  const cnames = await orNone(resolver.resolveCname(www));
  if (cnames.some((name) => unqualified(name) === target)) return true;
  const [ours, theirs] = await Promise.all([
    orNone(resolver.resolve4(target)).then(async (v4) => [...v4, ...(await orNone(resolver.resolve6(target)))]),
    orNone(resolver.resolve4(www)).then(async (v4) => [...v4, ...(await orNone(resolver.resolve6(www)))]),
  ]);
  return theirs.length > 0 && theirs.every((address) => ours.includes(address));
}
