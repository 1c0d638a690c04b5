import { AwsV4Signer } from 'aws4fetch';

export interface PresignInput {
  method: 'GET' | 'PUT' | 'HEAD';
  /** e.g. https://bucket.s3.amazonaws.com or https://s3.example.com/bucket */
  endpoint: string;
  key: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresSeconds: number;
  now?: Date;
  /** Signed headers besides host, lower-case names (e.g. content-type, so the browser must PUT the declared type). */
  headers?: Record<string, string>;
}

/**
 * An S3 presigned URL (AWS Signature Version 4 in the query string, unsigned payload), signed by `aws4fetch`. Every
 * given header is signed (`allHeaders`: aws4fetch leaves content-type out by default). The parameters are listed in
 * canonical order with the signature last, the shape S3's own presigner gives.
 */
export async function presignS3Url(input: PresignInput): Promise<string> {
  const base = input.endpoint.replace(/\/$/, '');
  const url = new URL(`${base}/${input.key.split('/').map(encodeURIComponent).join('/')}`);
  url.searchParams.set('X-Amz-Expires', String(input.expiresSeconds));
  const signer = new AwsV4Signer({
    method: input.method,
    url: url.toString(),
    headers: input.headers,
    accessKeyId: input.accessKeyId,
    secretAccessKey: input.secretAccessKey,
    service: 's3',
    region: input.region,
    datetime: (input.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, ''),
    signQuery: true,
    allHeaders: true,
  });
  const signed = (await signer.sign()).url;
  const signature = signed.searchParams.get('X-Amz-Signature') ?? '';
  signed.searchParams.delete('X-Amz-Signature');
  signed.searchParams.sort();
  signed.searchParams.append('X-Amz-Signature', signature);
  return signed.toString();
}
