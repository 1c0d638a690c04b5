import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const NS = 'https://route53.amazonaws.com/doc/2013-04-01/';

interface RecordSet {
  Name: string;
  Type: string;
  TTL: string;
  Values: string[];
}
interface Zone {
  id: string;
  name: string;
  caller: string;
  nameServers: string[];
  sets: RecordSet[];
}

const tag = (xml: string, name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];
const tags = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1] ?? '');
const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unesc = (v: string) =>
  v
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const changeInfo = () =>
  `<ChangeInfo><Id>/change/C${randomBytes(6).toString('hex').toUpperCase()}</Id><Status>PENDING</Status><SubmittedAt>${new Date().toISOString()}</SubmittedAt></ChangeInfo>`;
const setXml = (s: RecordSet) =>
  `<ResourceRecordSet><Name>${esc(s.Name)}</Name><Type>${s.Type}</Type><TTL>${s.TTL}</TTL><ResourceRecords>${s.Values.map((v) => `<ResourceRecord><Value>${esc(v)}</Value></ResourceRecord>`).join('')}</ResourceRecords></ResourceRecordSet>`;

export interface Route53Double {
  url: string;
  zones: Map<string, Zone>;
  /** Every call as `METHOD path`, in order. */
  calls: string[];
  /** The next N calls answer 400 Throttling (the SDK retries them). */
  throttle(n: number): void;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server that answers the Route 53 REST API (2013-04-01, XML) for the calls the driver makes:
 * CreateHostedZone, ListResourceRecordSets (300 sets a page at most, `IsTruncated` with `NextRecordName` and
 * `NextRecordType` beyond), ChangeResourceRecordSets (UPSERT, DELETE, 1,000 records a batch), DeleteHostedZone, with the
 * service's errors (HostedZoneAlreadyExists, NoSuchHostedZone, InvalidChangeBatch, HostedZoneNotEmpty, Throttling,
 * and InvalidClientTokenId for a request signed with another access key).
 */
export async function startRoute53Double(accessKeyId: string): Promise<Route53Double> {
  const zones = new Map<string, Zone>();
  const calls: string[] = [];
  let throttled = 0;
  const error = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'text/xml' });
    res.end(
      `<?xml version="1.0"?>\n<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${esc(message)}</Message></Error><RequestId>${randomBytes(8).toString('hex')}</RequestId></ErrorResponse>`,
    );
  };
  const ok = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'text/xml', ...headers });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    calls.push(`${req.method} ${path}`);
    if (!(req.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`))
      return error(res, 403, 'InvalidClientTokenId', 'The security token included in the request is invalid.');
    if (throttled > 0) {
      throttled -= 1;
      return error(res, 400, 'Throttling', 'Rate exceeded');
    }
    if (req.method === 'POST' && path === '/2013-04-01/hostedzone') {
      const name = `${(tag(body, 'Name') ?? '').replace(/\.$/, '')}.`;
      if ([...zones.values()].some((z) => z.name === name))
        return error(res, 409, 'HostedZoneAlreadyExists', `A hosted zone for ${name} already exists.`);
      const id = `Z${randomBytes(7).toString('hex').toUpperCase()}`;
      const nameServers = [
        'ns-101.awsdns-12.com',
        'ns-602.awsdns-11.net',
        'ns-1301.awsdns-34.org',
        'ns-1802.awsdns-33.co.uk',
      ];
      const zone = {
        id,
        name,
        caller: tag(body, 'CallerReference') ?? '',
        nameServers,
        sets: [
          { Name: name, Type: 'NS', TTL: '172800', Values: nameServers.map((n) => `${n}.`) },
          {
            Name: name,
            Type: 'SOA',
            TTL: '900',
            Values: [`${nameServers[0]}. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400`],
          },
        ],
      };
      zones.set(id, zone);
      return ok(
        res,
        201,
        `<CreateHostedZoneResponse xmlns="${NS}"><HostedZone><Id>/hostedzone/${id}</Id><Name>${name}</Name><CallerReference>${esc(zone.caller)}</CallerReference><Config><PrivateZone>false</PrivateZone></Config><ResourceRecordSetCount>2</ResourceRecordSetCount></HostedZone>${changeInfo()}<DelegationSet><NameServers>${nameServers.map((n) => `<NameServer>${n}</NameServer>`).join('')}</NameServers></DelegationSet></CreateHostedZoneResponse>`,
        { location: `https://route53.amazonaws.com/2013-04-01/hostedzone/${id}` },
      );
    }
    const match = /^\/2013-04-01\/hostedzone\/([^/]+)(\/rrset\/?)?$/.exec(path);
    const zone = match && zones.get(match[1] ?? '');
    if (!match || !zone) return error(res, 404, 'NoSuchHostedZone', `No hosted zone found with ID: ${match?.[1]}`);
    if (req.method === 'GET' && match[2]) {
      // As Route 53 lists: by name with its labels reversed, then by type, from `name`/`type` on, at most 300 a page.
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      const max = Math.min(Number(query.get('maxitems') ?? 300), 300);
      const sortKey = (name: string, type: string) => `${name.split('.').reverse().join('.')} ${type}`;
      const sorted = [...zone.sets].sort((a, b) => (sortKey(a.Name, a.Type) < sortKey(b.Name, b.Type) ? -1 : 1));
      const startName = query.get('name');
      const from = startName ? sortKey(`${startName.replace(/\.$/, '')}.`, query.get('type') ?? '') : '';
      const rest = sorted.filter((s) => sortKey(s.Name, s.Type) >= from);
      const page = rest.slice(0, max);
      const next = rest[max];
      return ok(
        res,
        200,
        `<ListResourceRecordSetsResponse xmlns="${NS}"><ResourceRecordSets>${page.map(setXml).join('')}</ResourceRecordSets><IsTruncated>${next ? 'true' : 'false'}</IsTruncated>${next ? `<NextRecordName>${esc(next.Name)}</NextRecordName><NextRecordType>${next.Type}</NextRecordType>` : ''}<MaxItems>${max}</MaxItems></ListResourceRecordSetsResponse>`,
      );
    }
    if (req.method === 'POST' && match[2]) {
      const next = [...zone.sets];
      if (tags(body, 'ResourceRecord').length > 1000)
        return error(res, 400, 'InvalidChangeBatch', 'Number of records limit of 1000 exceeded.');
      for (const change of tags(body, 'Change')) {
        const set: RecordSet = {
          Name: `${(tag(change, 'Name') ?? '').replace(/\.$/, '')}.`,
          Type: tag(change, 'Type') ?? '',
          TTL: tag(change, 'TTL') ?? '300',
          Values: tags(change, 'Value').map(unesc),
        };
        if (!set.Name.endsWith(zone.name))
          return error(
            res,
            400,
            'InvalidChangeBatch',
            `RRSet with DNS name ${set.Name} is not permitted in zone ${zone.name}`,
          );
        const at = next.findIndex((s) => s.Name === set.Name && s.Type === set.Type);
        const action = tag(change, 'Action');
        if (action === 'UPSERT') {
          if (at >= 0) next[at] = set;
          else next.push(set);
        } else if (action === 'DELETE') {
          const same =
            at >= 0 && JSON.stringify(next[at]?.Values) === JSON.stringify(set.Values) && next[at]?.TTL === set.TTL;
          if (!same)
            return error(
              res,
              400,
              'InvalidChangeBatch',
              `Tried to delete resource record set [name='${set.Name}', type='${set.Type}'] but it was not found`,
            );
          next.splice(at, 1);
        } else return error(res, 400, 'InvalidInput', `Invalid action ${action}`);
      }
      zone.sets = next;
      return ok(
        res,
        200,
        `<ChangeResourceRecordSetsResponse xmlns="${NS}">${changeInfo()}</ChangeResourceRecordSetsResponse>`,
      );
    }
    if (req.method === 'DELETE' && !match[2]) {
      if (zone.sets.some((s) => !(s.Name === zone.name && (s.Type === 'NS' || s.Type === 'SOA'))))
        return error(
          res,
          400,
          'HostedZoneNotEmpty',
          'The hosted zone contains resource records that are not SOA or NS records.',
        );
      zones.delete(zone.id);
      return ok(res, 200, `<DeleteHostedZoneResponse xmlns="${NS}">${changeInfo()}</DeleteHostedZoneResponse>`);
    }
    return error(res, 400, 'InvalidInput', 'Unsupported call');
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    zones,
    calls,
    throttle: (n) => {
      throttled = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
