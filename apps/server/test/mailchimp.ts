import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readBody } from './requestBody';

export interface MailchimpRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

export interface MailchimpMemberDouble {
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  interests: Record<string, boolean>;
  tags: Set<string>;
}

export interface MailchimpDouble {
  /** The API base, as MAILCHIMP_API_URL: `http://127.0.0.1:{port}/3.0`. */
  url: string;
  requests: MailchimpRequest[];
  /** Members by list id and subscriber hash. */
  members: Map<string, Map<string, MailchimpMemberDouble>>;
  segments: Map<string, { id: number; name: string; members: Set<string> }[]>;
  /** The keys the double accepts (a removed key answers 401, as a revoked one does). */
  keys: Set<string>;
  /** The next `n` answers are 429 with this Retry-After (seconds). */
  throttleNext(n: number, retryAfterSeconds: number): void;
  /** Requests matching `when` answer 503 (with Retry-After 0) until `when` is cleared with undefined. */
  failWhen(when: ((req: MailchimpRequest) => boolean) | undefined): void;
  /** The most requests that were ever in flight at once. */
  peakConcurrency(): number;
  /** The most connections of one API key that were ever open at once, and how many were refused for being an 11th. */
  connections(apiKey: string): { peak: number; refused: number };
  close(): Promise<void>;
}

const md5 = (value: string) => createHash('md5').update(value.toLowerCase()).digest('hex');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Mailchimp's problem document (https://mailchimp.com/developer/marketing/docs/errors/). */
const problem = (status: number, title: string, detail: string) => ({
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title,
  status,
  detail,
  instance: '00000000-0000-0000-0000-000000000000',
});

/**
 * A loopback double of Mailchimp's Marketing API v3 for every call the driver makes, answering as Mailchimp
 * documents it: Basic auth with any user and the key as password (401 'API Key Invalid' otherwise), `GET
 * /lists/{id}` (404 'Resource Not Found' for an unknown list), `PUT /lists/{id}/members/{hash}` (400 when the hash
 * is not the md5 of the lower-cased e-mail, or the address is invalid or 'looks fake'), `POST .../members/{hash}/tags`
 * (204; 404 for a member not on the list), `GET /lists/{id}/segments` paginated by count and offset, `POST
 * /lists/{id}/segments` (a static segment), `POST /lists/{id}/segments/{id}` with `members_to_add` (at most 500;
 * members not on the list come back in `errors`). 429 'Too Many Requests' with Retry-After when throttled, and
 * without it for an account's 11th simultaneous connection.
 */
export async function startMailchimpDouble(lists: Record<string, string>, keys: string[]): Promise<MailchimpDouble> {
  const requests: MailchimpRequest[] = [];
  const members = new Map<string, Map<string, MailchimpMemberDouble>>();
  const segments = new Map<string, { id: number; name: string; members: Set<string> }[]>();
  for (const id of Object.keys(lists)) {
    members.set(id, new Map());
    segments.set(id, []);
  }
  const allowed = new Set(keys);
  let throttled = 0;
  let retryAfter = 1;
  let failing: ((req: MailchimpRequest) => boolean) | undefined;
  let inFlight = 0;
  let peak = 0;
  const byKey = new Map<string, { open: number; peak: number; refused: number }>();
  let nextSegment = 1000;
  const server = createServer(async (req, res) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    const [, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    const account = byKey.get(password ?? '') ?? { open: 0, peak: 0, refused: 0 };
    byKey.set(password ?? '', account);
    account.open += 1;
    account.peak = Math.max(account.peak, account.open);
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://mailchimp.test');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const request = {
      method: req.method ?? '',
      path: url.pathname.replace(/^\/3\.0/, ''),
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
    };
    requests.push(request);
    // A little latency, so concurrent calls overlap as they would over the network.
    await new Promise((r) => setTimeout(r, 5));
    const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
      inFlight -= 1;
      account.open -= 1;
      res.writeHead(status, json === undefined ? headers : { 'content-type': 'application/problem+json', ...headers });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    if (throttled > 0) {
      throttled -= 1;
      return send(
        429,
        problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.'),
        {
          'retry-after': String(retryAfter),
        },
      );
    }
    if (account.open > 10) {
      account.refused += 1;
      return send(
        429,
        problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.'),
      );
    }
    if (failing?.(request))
      return send(503, problem(503, 'Service Unavailable', 'Please try again later.'), { 'retry-after': '0' });
    if (!password || !allowed.has(password))
      return send(
        401,
        problem(
          401,
          'API Key Invalid',
          'Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
        ),
      );
    const parts = request.path.split('/').filter(Boolean);
    const listId = parts[1] ?? '';
    const list = members.get(listId);
    const listSegments = segments.get(listId);
    if (parts[0] !== 'lists' || !list || !listSegments)
      return send(404, problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
    const b = (body ?? {}) as Record<string, unknown>;
    // GET /lists/{id}
    if (parts.length === 2 && req.method === 'GET')
      return send(200, { id: listId, name: lists[listId], stats: { member_count: list.size } });
    // PUT /lists/{id}/members/{hash}
    if (parts[2] === 'members' && parts.length === 4 && req.method === 'PUT') {
      const email = String(b.email_address ?? '');
      if (!EMAIL.test(email))
        return send(400, problem(400, 'Invalid Resource', 'Please provide a valid email address.'));
      if (md5(email) !== parts[3])
        return send(400, problem(400, 'Invalid Resource', 'The subscriber hash does not match the email address.'));
      if (email.includes('fake'))
        return send(
          400,
          problem(400, 'Invalid Resource', `${email} looks fake or invalid, please enter a real email address.`),
        );
      const existing = list.get(parts[3]);
      const member: MailchimpMemberDouble = {
        email_address: email,
        status: existing?.status ?? String(b.status_if_new ?? b.status ?? 'subscribed'),
        merge_fields: { ...existing?.merge_fields, ...(b.merge_fields as Record<string, string>) },
        interests: { ...existing?.interests, ...(b.interests as Record<string, boolean>) },
        tags: existing?.tags ?? new Set(),
      };
      list.set(parts[3], member);
      return send(200, {
        id: parts[3],
        email_address: email,
        status: member.status,
        merge_fields: member.merge_fields,
      });
    }
    // POST /lists/{id}/members/{hash}/tags
    if (parts[2] === 'members' && parts[4] === 'tags' && req.method === 'POST') {
      const member = list.get(parts[3] ?? '');
      if (!member) return send(404, problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
      for (const tag of (b.tags ?? []) as { name: string; status: string }[]) {
        if (tag.status === 'inactive') member.tags.delete(tag.name);
        else {
          member.tags.add(tag.name);
          let segment = listSegments.find((s) => s.name === tag.name);
          if (!segment) {
            segment = { id: nextSegment++, name: tag.name, members: new Set() };
            listSegments.push(segment);
          }
          segment.members.add(member.email_address.toLowerCase());
        }
      }
      return send(204);
    }
    // POST /lists/{id}/members/{hash}/actions/delete-permanent
    if (parts[2] === 'members' && parts[4] === 'actions' && parts[5] === 'delete-permanent' && req.method === 'POST') {
      if (!list.delete(parts[3] ?? ''))
        return send(404, problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
      for (const segment of listSegments)
        for (const address of [...segment.members]) if (md5(address) === parts[3]) segment.members.delete(address);
      return send(204);
    }
    // GET /lists/{id}/segments
    if (parts[2] === 'segments' && parts.length === 3 && req.method === 'GET') {
      const count = Number(url.searchParams.get('count') ?? 10);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return send(200, {
        segments: listSegments.slice(offset, offset + count).map((s) => ({ id: s.id, name: s.name, type: 'static' })),
        total_items: listSegments.length,
      });
    }
    // POST /lists/{id}/segments
    if (parts[2] === 'segments' && parts.length === 3 && req.method === 'POST') {
      if (typeof b.name !== 'string' || !b.name)
        return send(400, problem(400, 'Invalid Resource', 'The resource submitted could not be validated.'));
      const segment = { id: nextSegment++, name: b.name, members: new Set<string>() };
      listSegments.push(segment);
      return send(200, { id: segment.id, name: segment.name, member_count: 0, type: 'static' });
    }
    // POST /lists/{id}/segments/{segment}
    if (parts[2] === 'segments' && parts.length === 4 && req.method === 'POST') {
      const segment = listSegments.find((s) => String(s.id) === parts[3]);
      if (!segment) return send(404, problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
      const emails = (b.members_to_add ?? []) as string[];
      if (emails.length > 500)
        return send(400, problem(400, 'Invalid Resource', 'members_to_add: at most 500 members.'));
      const added: string[] = [];
      const errors: { email_addresses: string[]; error: string }[] = [];
      for (const email of emails) {
        if (list.has(md5(email))) {
          segment.members.add(email.toLowerCase());
          added.push(email);
        } else errors.push({ email_addresses: [email], error: 'Email address is not subscribed to the list' });
      }
      return send(200, {
        members_added: added.map((email_address) => ({ email_address })),
        total_added: added.length,
        errors,
        error_count: errors.length,
      });
    }
    return send(404, problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/3.0`,
    requests,
    members,
    segments,
    keys: allowed,
    throttleNext(n, seconds) {
      throttled = n;
      retryAfter = seconds;
    },
    failWhen(when) {
      failing = when;
    },
    peakConcurrency: () => peak,
    connections: (apiKey) => {
      const { peak, refused } = byKey.get(apiKey) ?? { peak: 0, refused: 0 };
      return { peak, refused };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
