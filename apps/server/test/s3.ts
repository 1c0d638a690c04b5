import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** RFC 3986 encoding, as SigV4's canonical query string uses it. */
const uriEncode = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const amzDate = (v: string) =>
  new Date(
    `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}T${v.slice(9, 11)}:${v.slice(11, 13)}:${v.slice(13, 15)}Z`,
  );

/**
 * Checks a presigned request (Signature Version 4 in the query string) the way S3 does, following AWS's "Authenticating
 * Requests: Using Query Parameters": the canonical request is the method, the path as sent, every query parameter but
 * the signature (encoded and sorted), each signed header's value as received (so `host` is the Host the client
 * connected to), the signed-header list and `UNSIGNED-PAYLOAD`. Returns the S3 error code, or undefined when it holds.
 */
export function checkPresigned(
  req: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  secrets: Record<string, string>,
  now = new Date(),
): string | undefined {
  const [path = '', rawQuery = ''] = req.url.split('?');
  const query = new URLSearchParams(rawQuery);
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'AuthorizationQueryParametersError';
  const [accessKeyId = '', ...scopeParts] = (query.get('X-Amz-Credential') ?? '').split('/');
  const scope = scopeParts.join('/');
  const secret = secrets[accessKeyId];
  if (!secret) return 'InvalidAccessKeyId';
  const date = query.get('X-Amz-Date') ?? '';
  const signedAt = amzDate(date);
  if (Number.isNaN(signedAt.getTime())) return 'AuthorizationQueryParametersError';
  if (now.getTime() > signedAt.getTime() + Number(query.get('X-Amz-Expires')) * 1000) return 'AccessDenied';
  const signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join(
    '\n',
  );
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n');
  const [day = '', region = '', service = ''] = scopeParts;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  const expected = hmac(key, stringToSign).toString('hex');
  return expected === query.get('X-Amz-Signature') ? undefined : 'SignatureDoesNotMatch';
}

export interface S3Double {
  /** The S3 endpoint, path-style (`S3_ENDPOINT`): objects live at `{url}/{bucket}/{key}`. */
  url: string;
  port: number;
  /** Stored objects by path (`/{bucket}/{key}`). */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as `METHOD path status`, in order. */
  calls: string[];
  close(): Promise<void>;
}

/**
 * A loopback S3 (path-style, one public-read bucket): a PUT, and a HeadBucket, must carry a valid presigned signature,
 * or it is refused with S3's 403 and error code; a GET is answered to anyone (a signed GET is checked too), with ranges as S3 does.
 * It listens on every local address, so `127.0.0.1` and `localhost` are two hosts of the same bucket.
 */
export async function startS3Double(bucket: string, secrets: Record<string, string>): Promise<S3Double> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const calls: string[] = [];
  const error = (res: ServerResponse, status: number, code: string) =>
    res
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`,
      );
  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = req.url ?? '';
    const path = url.split('?')[0] ?? '';
    const respond = (status: number, code?: string, send?: () => void) => {
      calls.push(`${req.method} ${path} ${status}`);
      if (code) return error(res, status, code);
      send?.();
    };
    // HeadBucket (`HEAD /{bucket}`, the start-up check): the signature first, then whether the bucket is this one.
    if (req.method === 'HEAD' && !path.slice(1).includes('/')) {
      const refused = checkPresigned({ method: 'HEAD', url, headers: req.headers }, secrets);
      if (refused) return respond(403, refused);
      if (path !== `/${bucket}`) return respond(404, 'NoSuchBucket');
      return respond(200, undefined, () => res.writeHead(200).end());
    }
    if (!path.startsWith(`/${bucket}/`)) return respond(404, 'NoSuchBucket');
    const signed = url.includes('X-Amz-Signature=');
    if (req.method === 'PUT' || signed) {
      const refused = checkPresigned({ method: req.method ?? '', url, headers: req.headers }, secrets);
      if (refused) return respond(403, refused);
    }
    if (req.method === 'PUT')
      return respond(200, undefined, () => {
        objects.set(path, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      });
    const object = req.method === 'GET' ? objects.get(path) : undefined;
    if (!object) return respond(404, 'NoSuchKey');
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? [];
    if (from === undefined || to === undefined)
      return respond(200, undefined, () => res.writeHead(200, { 'content-type': object.contentType }).end(object.body));
    const end = Math.min(Number(to), object.body.length - 1);
    return respond(206, undefined, () =>
      res
        .writeHead(206, {
          'content-type': object.contentType,
          'content-range': `bytes ${from}-${end}/${object.body.length}`,
        })
        .end(object.body.subarray(Number(from), end + 1)),
    );
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    objects,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
