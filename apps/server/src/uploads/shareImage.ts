import { LIMITS, msg } from '@mutirao/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { AppError } from '../http/errors';
import { HEADER_BYTES, imageDimensions } from './dimensions';
import type { StorageDriver } from './storage';

/**
 * The share image must be at least 600×315 and at most 8 MB (spec 01 §5). The browser checks before it
 * uploads; this checks again on the server, from the stored file, whatever client sent the URL. A URL that is
 * not one of our uploads cannot be read here (the server fetches no outside address), so only its form is checked.
 */
export async function checkShareImage(db: Db, storage: StorageDriver, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const [upload] = await db
    .select({ key: uploads.key, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.status, 'stored')))
    .limit(1);
  if (!upload) return;
  const fail = (message: string) => new AppError('unprocessable', { facebook_share_image: [message] });
  if (upload.size !== null && upload.size > LIMITS.imageMaxBytes) {
    throw fail(msg('upload.tooLarge', { mb: LIMITS.imageMaxBytes / 1024 / 1024 }));
  }
  const head = await storage.readHead(upload.key, HEADER_BYTES);
  const size = head && imageDimensions(head);
  if (size && (size.width < LIMITS.shareImageMinWidth || size.height < LIMITS.shareImageMinHeight)) {
    throw fail(
      msg('upload.tooSmall', {
        width: LIMITS.shareImageMinWidth,
        height: LIMITS.shareImageMinHeight,
        idealWidth: LIMITS.shareImageIdealWidth,
        idealHeight: LIMITS.shareImageIdealHeight,
      }),
    );
  }
}
