import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { LIMITS } from '@mutirao/core';
import type { Config } from '../config';
import { presignS3Url } from './s3-presign';

export interface SignedUpload {
  /** Where the browser PUTs the bytes. */
  signedUrl: string;
  /** Where the stored image is read from (under `S3_PUBLIC_URL` when set). */
  url: string;
  key: string;
}

export interface StorageDriver {
  readonly name: 'local' | 's3';
  sign(input: { key: string; contentType: string; origin: string }): SignedUpload | Promise<SignedUpload>;
  /** The first bytes of a stored file, for checks such as image dimensions; undefined when they cannot be read. */
  readHead(key: string, bytes: number): Promise<Buffer | undefined>;
  /**
   * A stored file's bytes, for the job that resizes it: undefined when it is not there, is refused, or is larger than
   * an upload may be. A store that cannot be reached (or answers too slowly) throws, so the job is tried again.
   */
  readAll(key: string): Promise<Buffer | undefined>;
  /** Stores a file the server made (a resized copy); throws when the store refuses it. */
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

const SIGNED_URL_TTL_SECONDS = 15 * 60;
/** How long the S3 driver waits for the bucket on a whole read or a write, body included. */
const S3_TIMEOUT_MS = 30_000;

/** A storage key such as `2026/11/3f9c…-poster.png`: unguessable, and safe as a path on disk. */
export function newUploadKey(filename: string, now = new Date()): string {
  const safe = filename
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-80)
    .toLowerCase();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomBytes(12).toString('hex')}-${safe || 'image'}`;
}

/** Sandbox/local driver: an HMAC-signed PUT back to this server, files kept under UPLOADS_DIR. */
export class LocalStorage implements StorageDriver {
  readonly name = 'local' as const;

  constructor(
    private readonly dir: string,
    private readonly secret: string,
  ) {}

  private signature(key: string, contentType: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`PUT\n${key}\n${contentType}\n${expires}`).digest('hex');
  }

  sign({ key, contentType, origin }: { key: string; contentType: string; origin: string }): SignedUpload {
    const expires = Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_SECONDS;
    const url = `${origin}/uploads/${key}`;
    const query = new URLSearchParams({
      expires: String(expires),
      type: contentType,
      signature: this.signature(key, contentType, expires),
    });
    return { url, key, signedUrl: `${url}?${query}` };
  }

  verify(key: string, query: { expires?: string; type?: string; signature?: string }): boolean {
    const expires = Number(query.expires);
    if (!query.signature || !query.type || !Number.isFinite(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.signature(key, query.type, expires));
    const given = Buffer.from(query.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  pathOf(key: string): string | undefined {
    const root = resolve(this.dir);
    const full = resolve(root, key);
    return full.startsWith(root + sep) ? full : undefined;
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    if (!path) throw new Error('bad key');
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  read(key: string) {
    const path = this.pathOf(key);
    return path && existsSync(path) ? createReadStream(path) : undefined;
  }

  async readAll(key: string): Promise<Buffer | undefined> {
    const path = this.pathOf(key);
    return path && existsSync(path) ? readFile(path) : undefined;
  }

  async readHead(key: string, bytes: number): Promise<Buffer | undefined> {
    const path = this.pathOf(key);
    if (!path || !existsSync(path)) return undefined;
    const file = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  contentTypeFile(key: string) {
    return join(this.dir, `${key}.type`);
  }
}

/** Real driver: S3 (or any S3-compatible store) presigned PUT; the browser talks to the bucket directly. */
export class S3Storage implements StorageDriver {
  readonly name = 's3' as const;

  constructor(
    private readonly s3: Config['storage']['s3'],
    private readonly timeoutMs = S3_TIMEOUT_MS,
  ) {}

  private get endpoint() {
    return this.s3.endpoint
      ? `${this.s3.endpoint.replace(/\/$/, '')}/${this.s3.bucket}`
      : `https://${this.s3.bucket}.s3.${this.s3.region}.amazonaws.com`;
  }

  /** A presigned URL for one request on `key`; `headers` are signed too, so the request must send them as given. */
  private presign(method: 'GET' | 'PUT', key: string, expiresSeconds: number, headers?: Record<string, string>) {
    return presignS3Url({
      method,
      endpoint: this.endpoint,
      key,
      region: this.s3.region,
      accessKeyId: this.s3.accessKeyId,
      secretAccessKey: this.s3.secretAccessKey,
      expiresSeconds,
      headers,
    });
  }

  async sign({ key, contentType }: { key: string; contentType: string; origin: string }): Promise<SignedUpload> {
    const signedUrl = await this.presign('PUT', key, SIGNED_URL_TTL_SECONDS, { 'content-type': contentType });
    // The browser PUTs to the bucket's own address, the host the signature covers; `S3_PUBLIC_URL` (a CDN, say) is
    // only where the stored image is read from.
    const url = this.s3.publicUrl ? `${this.s3.publicUrl.replace(/\/$/, '')}/${key}` : (signedUrl.split('?')[0] ?? '');
    return { signedUrl, url, key };
  }

  /** A ranged GET through a presigned URL: the bucket sends only the header bytes. */
  async readHead(key: string, bytes: number): Promise<Buffer | undefined> {
    const url = await this.presign('GET', key, 60);
    try {
      const response = await fetch(url, {
        headers: { range: `bytes=0-${bytes - 1}` },
        signal: AbortSignal.timeout(5000),
      });
      return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A presigned GET of the whole object. The browser's PUT went straight to the bucket, which does not hold it to the
   * upload limit, so the body is read only up to that limit: past it the read stops and nothing is returned.
   */
  async readAll(key: string): Promise<Buffer | undefined> {
    const url = await this.presign('GET', key, 60);
    const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    // A missing key (404 NoSuchKey) or a refusal (403) will not change on a retry; a bucket in trouble (5xx) may.
    if (response.status >= 500) throw new Error(`S3 GET ${key}: ${response.status}`);
    if (!response.ok || Number(response.headers.get('content-length')) > LIMITS.imageMaxBytes) {
      await response.body?.cancel();
      return undefined;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of response.body ?? []) {
      total += chunk.length;
      // Leaving the loop cancels the stream, and with it the download.
      if (total > LIMITS.imageMaxBytes) return undefined;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  /** A PUT through a presigned URL that signs the content type, as the browser's upload is. */
  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const url = await this.presign('PUT', key, 60, { 'content-type': contentType });
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status}`);
  }
}

export function createStorage(config: Config): StorageDriver {
  if (config.storage.driver === 's3') return new S3Storage(config.storage.s3);
  return new LocalStorage(config.storage.uploadsDir, `${config.sessionSecret}:uploads`);
}
