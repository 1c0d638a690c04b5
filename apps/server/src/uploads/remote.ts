import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { defineJob } from '../jobs/queue';
import { imageDimensions } from './dimensions';
import { rerenderPagesUsing } from './variants';

/** Enough of the file for any header that states the size (a JPEG's frame header follows its EXIF block). */
const HEAD_BYTES = 256 * 1024;
/** A bucket that has not sent the header bytes by then is retried later, as a missing file is. */
const READ_TIMEOUT_MS = 15_000;

/**
 * The size of an image the browser sent straight to the bucket (the S3 driver: the server never sees the bytes and
 * is not told when the PUT ends). A job reads the start of the file back from its public address, which the server
 * built from configuration when it signed the upload, and stores the width and height public pages reserve. Until
 * the file is there it fails and is retried; once stored, pages already showing it render anew, and `stored` is told
 * (the worker then queues its resized copies, `variants.ts`).
 */
export function remoteDimensionsJob(
  db: Db,
  { timeoutMs = READ_TIMEOUT_MS, stored }: { timeoutMs?: number; stored?: (uploadId: number) => Promise<void> } = {},
) {
  return defineJob({
    name: 'upload-dimensions',
    payload: z.object({ uploadId: z.number().int() }),
    retryLimit: 8,
    retryDelaySeconds: 15,
    handle: async ({ uploadId }) => {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
      if (!row || row.width) return;
      const signal = AbortSignal.timeout(timeoutMs);
      const res = await fetch(row.url, { headers: { range: `bytes=0-${HEAD_BYTES - 1}` }, signal });
      if (!res.ok) throw new Error(`upload ${uploadId} not readable yet (${res.status})`);
      // The same signal bounds the body: a bucket that sends its headers and then stalls is cut off too.
      const bytes = Buffer.from(await res.arrayBuffer()).subarray(0, HEAD_BYTES);
      const size = imageDimensions(bytes);
      if (!size) return;
      const total = Number(res.headers.get('content-range')?.split('/')[1] ?? res.headers.get('content-length'));
      await db
        .update(uploads)
        .set({
          status: 'stored',
          width: size.width,
          height: size.height,
          ...(Number.isFinite(total) && total > 0 && { size: total }),
        })
        .where(eq(uploads.id, row.id));
      await stored?.(row.id);
      await rerenderPagesUsing(db, row);
    },
  });
}
