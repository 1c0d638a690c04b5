import { normalizeDomain } from '@mutirao/core';
import type { HostedZone } from './domainsApi';

/** What to offer while typing: the zones, and a typed name under each zone ('acao' → 'acao.tarifazero.org'). */
export function domainSuggestions(value: string, zones: readonly Pick<HostedZone, 'domain_name'>[]) {
  const names = zones.map((z) => z.domain_name);
  const typed = normalizeDomain(value);
  if (!typed || typed.includes('.')) return names;
  return [...names.map((n) => `${typed}.${n}`), ...names];
}
