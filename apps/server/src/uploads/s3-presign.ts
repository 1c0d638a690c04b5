import { createHash, createHmac } from 'node:crypto';

export interface PresignInput {
  method: 'GET' | 'PUT';
  /** e.g. https://bucket.s3.amazonaws.com or https://s3.example.com/bucket */
  endpoint: string;
  key: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresSeconds: number;
  now?: Date;
  /** Signed headers besides host, lower-case names (e.g. content-type). */
  headers?: Record<string, string>;
}

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** AWS Signature Version 4 query-string presigning (the S3 "presigned URL"), with an unsigned payload. */
export function presignS3Url(input: PresignInput): string {
  const now = input.now ?? new Date();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const url = new URL(input.endpoint);
  const basePath = url.pathname.replace(/\/$/, '');
  const path = `${basePath}/${input.key.split('/').map(encode).join('/')}`;
  const headers: Record<string, string> = { host: url.host, ...(input.headers ?? {}) };
  const signedHeaders = Object.keys(headers).sort().join(';');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${input.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(input.expiresSeconds),
    'X-Amz-SignedHeaders': signedHeaders,
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `${encode(k)}=${encode(query[k] ?? '')}`)
    .join('&');
  const canonicalHeaders = Object.keys(headers)
    .sort()
    .map((k) => `${k}:${(headers[k] ?? '').trim()}\n`)
    .join('');
  const canonicalRequest = [
    input.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${url.protocol}//${url.host}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
