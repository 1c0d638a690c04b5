import { createServer, type Server } from 'node:http';
import { AwsV4Signer } from 'aws4fetch';

export interface TestS3 {
  url: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible store on loopback (path-style, as MinIO or an `S3_ENDPOINT` is addressed) answering HeadBucket as
 * S3 documents it: 200 for a bucket it holds, 404 for one it does not, 403 when the query's SigV4 signature is not
 * the one the secret key gives (recomputed here with aws4fetch over the same request).
 */
export async function startS3(options: {
  buckets: string[];
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}) {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const given = url.searchParams.get('X-Amz-Signature');
    const credential = url.searchParams.get('X-Amz-Credential') ?? '';
    const datetime = url.searchParams.get('X-Amz-Date') ?? '';
    const unsigned = new URL(url);
    for (const name of [...unsigned.searchParams.keys()])
      if (name !== 'X-Amz-Expires') unsigned.searchParams.delete(name);
    const expected = credential.startsWith(`${options.accessKeyId}/`)
      ? (
          await new AwsV4Signer({
            method: req.method ?? 'GET',
            url: unsigned.toString(),
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
            service: 's3',
            region: options.region,
            datetime,
            signQuery: true,
            allHeaders: true,
          }).sign()
        ).url.searchParams.get('X-Amz-Signature')
      : undefined;
    const bucket = url.pathname.split('/')[1] ?? '';
    const status = !given || given !== expected ? 403 : options.buckets.includes(bucket) ? 200 : 404;
    res.writeHead(status, { 'x-amz-request-id': 'TEST' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies TestS3;
}
