import {
  type Change,
  ChangeResourceRecordSetsCommand,
  CreateHostedZoneCommand,
  DeleteHostedZoneCommand,
  ListResourceRecordSetsCommand,
  type ResourceRecordSet,
  Route53Client,
  Route53ServiceException,
} from '@aws-sdk/client-route-53';
import { type CreatedZone, type DnsDriver, DnsError, fqdn, quotedText, type RecordSet, type ZoneRef } from './driver';

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
  private readonly client: Route53Client;

  constructor(options: Route53Options) {
    this.client = new Route53Client({
      region: 'us-east-1',
      endpoint: options.endpoint,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      maxAttempts: 3,
    });
  }

  async createZone(domainName: string): Promise<CreatedZone> {
    const out = await this.call(() =>
      this.client.send(
        new CreateHostedZoneCommand({ Name: domainName, CallerReference: `mutirao-${domainName}-${Date.now()}` }),
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
    const { ResourceRecordSets: sets = [] } = await this.call(() =>
      this.client.send(new ListResourceRecordSetsCommand({ HostedZoneId: id, MaxItems: 300 })),
    );
    const apex = fqdn(zone.domainName);
    const own = (s: ResourceRecordSet) => s.Name === apex && (s.Type === 'SOA' || s.Type === 'NS');
    const changes: Change[] = sets.filter((s) => !own(s)).map((s) => ({ Action: 'DELETE', ResourceRecordSet: s }));
    if (changes.length)
      await this.call(() =>
        this.client.send(new ChangeResourceRecordSetsCommand({ HostedZoneId: id, ChangeBatch: { Changes: changes } })),
      );
    await this.call(() => this.client.send(new DeleteHostedZoneCommand({ Id: id })));
  }

  upsertRecord(zone: ZoneRef, record: RecordSet) {
    return this.change(zone, record, 'UPSERT');
  }

  deleteRecord(zone: ZoneRef, record: RecordSet) {
    return this.change(zone, record, 'DELETE');
  }

  private async change(zone: ZoneRef, record: RecordSet, action: 'UPSERT' | 'DELETE') {
    await this.call(() =>
      this.client.send(
        new ChangeResourceRecordSetsCommand({
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
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Route53ServiceException)
        throw new DnsError(error.$metadata.httpStatusCode ?? 500, `${error.name}: ${error.message}`);
      throw new DnsError(0, error instanceof Error ? error.message : String(error));
    }
  }
}
