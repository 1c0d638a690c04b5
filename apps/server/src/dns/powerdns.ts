import { type CreatedZone, type DnsDriver, DnsError, fqdn, quotedText, type RecordSet, type ZoneRef } from './driver';

const TIMEOUT_MS = 10_000;

/** Types whose values name a host: PowerDNS wants them fully qualified. */
const HOST_AT_END = new Set(['CNAME', 'NS', 'PTR', 'MX', 'SRV']);

/** One value in the zone-file form PowerDNS stores ('10 mail.example.org.', '"v=spf1 -all"'). */
function content(type: string, value: string): string {
  if (!HOST_AT_END.has(type)) return quotedText(type, value);
  const parts = value.split(/\s+/);
  const host = parts.pop() as string;
  return [...parts, fqdn(host)].join(' ');
}

/**
 * PowerDNS through its HTTP API (`/api/v1/servers/localhost/zones`), for communities that host their own name
 * servers. Zones are 'Native' (the operator replicates them as they like) with DNS_NAMESERVERS as their NS set.
 */
export class PowerDnsDriver implements DnsDriver {
  readonly name = 'powerdns' as const;

  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string,
    private readonly nameServers: string[],
  ) {}

  async createZone(domainName: string): Promise<CreatedZone> {
    const zone = await this.call('POST', '/zones', {
      name: fqdn(domainName),
      kind: 'Native',
      nameservers: this.nameServers.map(fqdn),
    });
    return {
      hostedZone: { Id: String(zone?.id ?? fqdn(domainName)), Name: fqdn(domainName) },
      delegationSet: { NameServers: this.nameServers },
      nameServers: this.nameServers,
    };
  }

  async deleteZone(zone: ZoneRef) {
    await this.call('DELETE', `/zones/${encodeURIComponent(this.zoneId(zone))}`);
  }

  async upsertRecord(zone: ZoneRef, record: RecordSet) {
    await this.patch(zone, record, 'REPLACE');
  }

  async deleteRecord(zone: ZoneRef, record: RecordSet) {
    await this.patch(zone, record, 'DELETE');
  }

  private patch(zone: ZoneRef, record: RecordSet, changetype: 'REPLACE' | 'DELETE') {
    const rrset = {
      name: fqdn(record.name),
      type: record.type,
      ttl: record.ttl,
      changetype,
      ...(changetype === 'REPLACE'
        ? { records: record.values.map((v) => ({ content: content(record.type, v), disabled: false })) }
        : {}),
    };
    return this.call('PATCH', `/zones/${encodeURIComponent(this.zoneId(zone))}`, { rrsets: [rrset] });
  }

  private zoneId(zone: ZoneRef) {
    return String(zone.hostedZone?.Id ?? fqdn(zone.domainName));
  }

  private async call(method: string, path: string, body?: unknown): Promise<Record<string, unknown> | undefined> {
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}/api/v1/servers/localhost${path}`, {
        method,
        headers: { 'x-api-key': this.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DnsError(0, error instanceof Error ? error.message : String(error));
    }
    const text = await res.text();
    if (!res.ok) {
      let detail = text;
      try {
        detail = String((JSON.parse(text) as { error?: string }).error ?? text);
      } catch {}
      throw new DnsError(res.status, detail.slice(0, 300));
    }
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  }
}
