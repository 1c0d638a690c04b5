import { randomBytes } from 'node:crypto';
import type { CreatedZone, DnsDriver } from './driver';

/**
 * The sandbox (the default): the zones and records live only in our own tables, and every zone is given the name
 * servers of DNS_NAMESERVERS. Nothing answers for them on the internet unless the operator runs those servers, so
 * the name-server check still asks the configured resolver (DNS_RESOLVER) like the real drivers do.
 */
export class SandboxDnsDriver implements DnsDriver {
  readonly name = 'sandbox' as const;

  constructor(private readonly nameServers: string[]) {}

  async createZone(domainName: string): Promise<CreatedZone> {
    const id = `/hostedzone/SANDBOX${randomBytes(6).toString('hex').toUpperCase()}`;
    return {
      hostedZone: { Id: id, Name: `${domainName}.`, sandbox: true },
      delegationSet: { NameServers: this.nameServers },
      nameServers: this.nameServers,
    };
  }

  async deleteZone() {}

  async upsertRecord() {}

  async deleteRecord() {}
}
