import type { Change, ResourceRecordSet, Route53Client, RRType } from '@aws-sdk/client-route-53';
import { type CreatedZone, type DnsDriver, DnsError, fqdn, quotedText, type RecordSet, type ZoneRef } from './driver';

type Sdk = typeof import('@aws-sdk/client-route-53');

/** Each attempt may take this long to connect, and this long to answer once connected (the client retries twice). */
const CONNECT_TIMEOUT_MS = 5_000;
const TIMEOUT_MS = 15_000;
const MAX_RECORDS_PER_BATCH = 1000;

export interface Route53Options {
  accessKeyId: string;
  secretAccessKey: string;
  /** The API's address; AWS's own unless set (tests point it at a loopback double). */
  endpoint?: string;
}

/**
 * Route 53 through AWS's official client: a community's domain is a public hosted zone, its delegation set the name
 * servers the owner sets at the registrar. Deleting a zone first deletes its record sets (Route 53 refuses to delete
 * a zone that still has any besides its own SOA and NS).
 */
export class Route53DnsDriver implements DnsDriver {
  readonly name = 'route53' as const;
  /** AWS's client is loaded by the first call, not at every start. */
  private sdk?: Promise<{ aws: Sdk; client: Route53Client }>;

  constructor(private readonly options: Route53Options) {}

  async createZone(domainName: string): Promise<CreatedZone> {
    const out = await this.call((client, aws) =>
      client.send(
        new aws.CreateHostedZoneCommand({ Name: domainName, CallerReference: `mutirao-${domainName}-${Date.now()}` }),
      ),
    );
    const nameServers = out.DelegationSet?.NameServers ?? [];
    return {
      hostedZone: { ...out.HostedZone },
      delegationSet: { ...out.DelegationSet },
      nameServers,
    };
  }

  async deleteZone(zone: ZoneRef) {
    const id = this.zoneId(zone);
    const apex = fqdn(zone.domainName);
    const own = (s: ResourceRecordSet) => s.Name === apex && (s.Type === 'SOA' || s.Type === 'NS');
    const sets = (await this.listRecordSets(id)).filter((s) => !own(s));
    // Route 53 takes at most 1,000 records (values) in one change batch.
    const batches: Change[][] = [];
    let records = Number.POSITIVE_INFINITY;
    for (const set of sets) {
      const count = set.ResourceRecords?.length ?? 1;
      if (records + count > MAX_RECORDS_PER_BATCH) {
        batches.push([]);
        records = 0;
      }
      batches.at(-1)?.push({ Action: 'DELETE', ResourceRecordSet: set });
      records += count;
    }
    for (const changes of batches)
      await this.call((client, aws) =>
        client.send(new aws.ChangeResourceRecordSetsCommand({ HostedZoneId: id, ChangeBatch: { Changes: changes } })),
      );
    await this.call((client, aws) => client.send(new aws.DeleteHostedZoneCommand({ Id: id })));
  }

  /** Every record set of a zone: Route 53 answers 300 at most, then `IsTruncated` and where the next page starts. */
  private async listRecordSets(id: string): Promise<ResourceRecordSet[]> {
    const sets: ResourceRecordSet[] = [];
    let start: { StartRecordName?: string; StartRecordType?: RRType } = {};
    for (;;) {
      const page = await this.call((client, aws) =>
        client.send(new aws.ListResourceRecordSetsCommand({ HostedZoneId: id, MaxItems: 300, ...start })),
      );
      sets.push(...(page.ResourceRecordSets ?? []));
      if (!page.IsTruncated) return sets;
      start = { StartRecordName: page.NextRecordName, StartRecordType: page.NextRecordType };
    }
  }

  upsertRecord(zone: ZoneRef, record: RecordSet) {
    return this.change(zone, record, 'UPSERT');
  }

  deleteRecord(zone: ZoneRef, record: RecordSet) {
    return this.change(zone, record, 'DELETE');
  }

  private async change(zone: ZoneRef, record: RecordSet, action: 'UPSERT' | 'DELETE') {
    await this.call((client, aws) =>
      client.send(
        new aws.ChangeResourceRecordSetsCommand({
          HostedZoneId: this.zoneId(zone),
          ChangeBatch: {
            Changes: [
              {
                Action: action,
                ResourceRecordSet: {
                  Name: fqdn(record.name),
                  Type: record.type,
                  TTL: record.ttl,
                  ResourceRecords: record.values.map((v) => ({ Value: quotedText(record.type, v) })),
                },
              },
            ],
          },
        }),
      ),
    );
  }

  private zoneId(zone: ZoneRef): string {
    const id = zone.hostedZone?.Id;
    if (typeof id !== 'string') throw new DnsError(404, `no Route 53 hosted zone stored for ${zone.domainName}`);
    return id.replace(/^\/hostedzone\//, '');
  }

  /** One call, its failures as DnsError: the service's own code and message for refusals, status 0 when unreachable. */
  private async call<T>(request: (client: Route53Client, aws: Sdk) => Promise<T>): Promise<T> {
    this.sdk ??= import('@aws-sdk/client-route-53').then((aws) => ({
      aws,
      client: new aws.Route53Client({
        region: 'us-east-1',
        endpoint: this.options.endpoint,
        credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
        maxAttempts: 3,
        requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: TIMEOUT_MS },
      }),
    }));
    const { aws, client } = await this.sdk;
    try {
      return await request(client, aws);
    } catch (error) {
      if (error instanceof aws.Route53ServiceException)
        throw new DnsError(error.$metadata.httpStatusCode ?? 500, `${error.name}: ${error.message}`);
      throw new DnsError(0, error instanceof Error ? error.message : String(error));
    }
  }
}
