import { eq, sql } from 'drizzle-orm';
import type sharpModule from 'sharp';
import { z } from 'zod';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { defineJob } from '../jobs/queue';
import type { StorageDriver } from './storage';

/*
 * Phones should not download a 3,000-pixel photo to show it 390 pixels wide. Once an upload is stored, a job makes
 * WebP copies of it at these widths (never wider than the original, which is kept and served as is), and public
 * pages offer them in `srcset`. Uploads stored before this, or whose copies failed, render with their original only.
 */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** Copies sit beside the original: `2026/11/3f9c…-poster.png.w480.webp`. */
export const variantKey = (key: string, width: number) => `${key}.w${width}.webp`;
export const variantUrl = (url: string, width: number) => `${url}.w${width}.webp`;

/** The original's key and the width asked for, when `key` names a copy. */
export function parseVariantKey(key: string): { key: string; width: number } | undefined {
  const match = /^(.+)\.w(\d{3,4})\.webp$/.exec(key);
  return match ? { key: match[1] as string, width: Number(match[2]) } : undefined;
}

/**
 * sharp (libvips) is loaded by the first image, not at start: most starts resize nothing. One image at a time and no
 * cache: the worker shares a small machine with the web process.
 */
let loaded: Promise<typeof sharpModule> | undefined;
function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** An 8 MB file can still claim a huge canvas (a decompression bomb); 50 megapixels covers any real photo. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface Variant {
  width: number;
  height: number;
  bytes: Buffer;
}

/** WebP copies at each width below the image's own (turned upright first, as browsers show it). */
export async function makeVariants(original: Buffer): Promise<{ width: number; height: number; variants: Variant[] }> {
  const sharp = await loadSharp();
  const options = { animated: true, limitInputPixels: MAX_INPUT_PIXELS };
  const meta = await sharp(original, options).metadata();
  const upright = (meta.orientation ?? 1) >= 5;
  const width = (upright ? (meta.pageHeight ?? meta.height) : meta.width) ?? 0;
  const height = (upright ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
  const variants: Variant[] = [];
  for (const target of VARIANT_WIDTHS.filter((w) => w < width)) {
    const { data, info } = await sharp(original, options)
      .rotate()
      .resize({ width: target })
      .webp({ quality: 78, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.pageHeight ?? info.height, bytes: data });
  }
  return { width, height, variants };
}

/** Makes and stores an upload's copies, and records their widths (and its upright size) on its row. */
export async function storeVariants(db: Db, storage: StorageDriver, row: { id: number; key: string }): Promise<void> {
  const original = await storage.readAll(row.key);
  if (!original) return;
  const made = await makeVariants(original);
  for (const v of made.variants) await storage.write(variantKey(row.key, v.width), v.bytes, 'image/webp');
  await db
    .update(uploads)
    .set({ width: made.width, height: made.height, variantWidths: made.variants.map((v) => v.width) })
    .where(eq(uploads.id, row.id));
}

/** The copies of a newly stored upload, then the pages already showing it re-render (see below). */
export function imageVariantsJob(db: Db, storage: StorageDriver) {
  return defineJob({
    name: 'upload-variants',
    payload: z.object({ uploadId: z.number().int() }),
    retryLimit: 2,
    retryDelaySeconds: 30,
    handle: async ({ uploadId }) => {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
      if (row?.status !== 'stored') return;
      await storeVariants(db, storage, row);
      await rerenderPagesUsing(db, row);
    },
  });
}

/**
 * A page rendered between the organiser's save and a job that learnt more about an image (its copies, its size) is
 * cached without it: bump the pages that use the image (their blocks' backgrounds, and content saved since the upload
 * was signed), so they render anew.
 */
export async function rerenderPagesUsing(db: Db, row: { url: string; createdAt: Date }) {
  await db.execute(sql`
    update mobilizations set cache_version = cache_version + 1 where id in (
      select mobilization_id from blocks where bg_image = ${row.url}
      union
      select b.mobilization_id from widgets w join blocks b on b.id = w.block_id
      where w.kind = 'content' and w.updated_at >= ${row.createdAt.toISOString()}::timestamptz
        and position(${row.url} in w.settings::text) > 0)`);
}
