import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
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
}

const SIGNED_URL_TTL_SECONDS = 15 * 60;

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

  constructor(private readonly s3: Config['storage']['s3']) {}

  private get endpoint() {
    return this.s3.endpoint
      ? `${this.s3.endpoint.replace(/\/$/, '')}/${this.s3.bucket}`
      : `https://${this.s3.bucket}.s3.${this.s3.region}.amazonaws.com`;
  }

  async sign({ key, contentType }: { key: string; contentType: string; origin: string }): Promise<SignedUpload> {
    const signedUrl = await presignS3Url({
      method: 'PUT',
      endpoint: this.endpoint,
      key,
      region: this.s3.region,
      accessKeyId: this.s3.accessKeyId,
      secretAccessKey: this.s3.secretAccessKey,
      expiresSeconds: SIGNED_URL_TTL_SECONDS,
      headers: { 'content-type': contentType },
    });
    // The browser PUTs to the bucket's own address, the host the signature covers; `S3_PUBLIC_URL` (a CDN, say) is
    // only where the stored image is read from.
    const url = this.s3.publicUrl ? `${this.s3.publicUrl.replace(/\/$/, '')}/${key}` : (signedUrl.split('?')[0] ?? '');
    return { signedUrl, url, key };
  }

  /** A ranged GET through a presigned URL: the bucket sends only the header bytes. */
  async readHead(key: string, bytes: number): Promise<Buffer | undefined> {
    const url = await presignS3Url({
      method: 'GET',
      endpoint: this.endpoint,
      key,
      region: this.s3.region,
      accessKeyId: this.s3.accessKeyId,
      secretAccessKey: this.s3.secretAccessKey,
      expiresSeconds: 60,
    });
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
}

export function createStorage(config: Config): StorageDriver {
  if (config.storage.driver === 's3') return new S3Storage(config.storage.s3);
  return new LocalStorage(config.storage.uploadsDir, `${config.sessionSecret}:uploads`);
}
