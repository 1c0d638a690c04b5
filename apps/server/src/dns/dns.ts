import type { Config } from '../config';
import type { DnsDriver } from './driver';
import { PowerDnsDriver } from './powerdns';
import { Route53DnsDriver } from './route53';
import { SandboxDnsDriver } from './sandbox';

/** The DNS service every route and job shares: the driver chosen by DNS_DRIVER and the resolvers of the NS check. */
export interface Dns {
  driver: DnsDriver;
  resolvers: string[];
  /** The host an external domain's www record must point at (PUBLIC_HOST): a CNAME to it, or its addresses. */
  publicHost: string | undefined;
}

export function createDns(config: Config): Dns {
  const { dns } = config;
  const driver =
    dns.driver === 'powerdns'
      ? new PowerDnsDriver(dns.powerDns.apiUrl, dns.powerDns.apiKey, dns.nameServers)
      : dns.driver === 'route53'
        ? new Route53DnsDriver(dns.route53)
        : new SandboxDnsDriver(dns.nameServers);
  return { driver, resolvers: dns.resolvers, publicHost: config.publicHost };
}
