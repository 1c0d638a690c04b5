import { type Actor, isImageContentType, LIMITS, msg } from '@mutirao/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { uploads } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { membershipsOf, selectedCommunityId } from '../http/session';
import { actorIn, lenientString, signedIn, typed } from '../http/typed';
import { parseInput } from '../http/validate';
import { assertCommunityWorkable } from '../mobilizations/service';
import { imageDimensions } from '../uploads/dimensions';
import { remoteDimensionsJob } from '../uploads/remote';
import { LocalStorage, newUploadKey } from '../uploads/storage';
import { imageVariantsJob, parseVariantKey } from '../uploads/variants';

export const signSchema = z.object({
  filename: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .max(255),
  content_type: z.string({ error: msg('upload.onlyImages') }).refine(isImageContentType, msg('upload.onlyImages')),
  size: z.coerce
    .number()
    .int()
    .positive()
    .max(LIMITS.imageMaxBytes, msg('upload.tooLarge', { mb: LIMITS.imageMaxBytes / 1024 / 1024 }))
    .optional(),
  community_id: z.coerce
    .number({ error: msg('mobilizationForm.communityRequired') })
    .int(msg('mobilizationForm.communityRequired'))
    .positive(msg('mobilizationForm.communityRequired'))
    .optional(),
});

/**
 * The sign request's fields, from the query or the body (the body wins), under either naming (`objectName` and
 * `contentType` are the original client's). Read as sent, never refused here: `signSchema` checks them together.
 */
const signFields = z.record(z.string(), z.unknown()).catch({});

/** The signed PUT's address: the key, and the query the local driver signed. */
const storeSchema = {
  params: z.object({ '*': z.string() }),
  querystring: z.object({ expires: lenientString, type: lenientString, signature: lenientString }),
};
const keyParams = { params: storeSchema.params };

/** Real image bytes, not just a claimed type: PNG, JPEG, GIF or WebP signatures. */
export function looksLikeImage(bytes: Buffer, contentType: string): boolean {
  const hex = bytes.subarray(0, 12).toString('hex');
  switch (contentType.toLowerCase()) {
    case 'image/png':
      return hex.startsWith('89504e470d0a1a0a');
    case 'image/jpeg':
      return hex.startsWith('ffd8ff');
    case 'image/gif':
      return bytes.subarray(0, 4).toString('latin1') === 'GIF8';
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    default:
      return false;
  }
}

/**
 * The origin an upload's signed PUT goes back to: APP_URL, or in development the address the caller used (it is
 * answered to that caller only). Links in e-mails use `adminBaseUrl`, never the request.
 */
function appUrlOf(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.appUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Signs an upload and records it (REST's `POST /api/uploads`, GraphQL's `upload_s3`): a fresh key, the signed PUT
 * back to `origin` (local storage) or to the bucket, and the row its community's members read.
 */
export async function signUpload(
  ctx: AppContext,
  input: { filename: string; content_type: string; size?: number },
  userId: number,
  communityId: number | null,
  origin: string,
) {
  const key = newUploadKey(input.filename);
  const signed = await ctx.storage.sign({ key, contentType: input.content_type, origin });
  const [row] = await ctx.db
    .insert(uploads)
    .values({
      key,
      url: signed.url,
      contentType: input.content_type,
      size: input.size ?? null,
      userId,
      communityId,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('upload insert returned nothing');
  return { id: row.id, signedUrl: signed.signedUrl, url: signed.url };
}

/**
 * Straight to the bucket: nothing tells the server when the bytes arrive, so a job reads their size back later, then
 * queues their resized copies (`bootstrap.ts`). Call it once the upload's row is committed.
 */
export async function checkStoredLater(ctx: AppContext, uploadId: number) {
  if (!(ctx.storage instanceof LocalStorage))
    await ctx.queue.send(remoteDimensionsJob(ctx.db), { uploadId }, { startAfterSeconds: 2 });
}

export function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const signRequest = { preValidation: signedIn(ctx), schema: { querystring: signFields, body: signFields } };
  r.post('/api/uploads', signRequest, async (request) => {
    const raw = { ...request.query, ...request.body };
    const input = parseInput(signSchema, {
      filename: raw.filename ?? raw.objectName,
      content_type: raw.content_type ?? raw.contentType,
      size: raw.size,
      community_id: raw.community_id ?? undefined,
    });
    const actor = actorIn(request);
    const communityId = await uploadCommunity(request, actor, input.community_id);
    const signed = await signUpload(ctx, input, actor.id, communityId, appUrlOf(ctx, request));
    await checkStoredLater(ctx, signed.id);
    return { signedUrl: signed.signedUrl, url: signed.url };
  });

  /**
   * The community an image is for, so its members read it (GraphQL's `uploads`): the one the request names
   * (`community_id`: one the uploader does not work in is 404, as everywhere), else the one the admin has selected
   * (the `community` cookie the web app keeps), when the uploader still works in it. Neither (an account's own
   * photo before any community) leaves it without one.
   */
  async function uploadCommunity(request: FastifyRequest, actor: Actor, named: number | undefined) {
    if (named !== undefined) {
      await assertCommunityWorkable(ctx.db, actor, named, async () =>
        (await membershipsOf(ctx, actor.id)).find((m) => m.communityId === named),
      );
      return named;
    }
    const selected = selectedCommunityId(request);
    if (selected === undefined) return null;
    const membership = (await membershipsOf(ctx, actor.id)).find((m) => m.communityId === selected);
    return membership ? selected : null;
  }

  const storage = ctx.storage;
  if (!(storage instanceof LocalStorage)) return;
  const variantsJob = imageVariantsJob(ctx.db, storage);

  // The image parser and its 8 MB limit live in their own scope: every other route keeps the 1 MB limit and refuses
  // image bodies, so no route can be made to buffer 8 MB by a caller who names an image type.
  app.register(async (scope) => {
    scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: LIMITS.imageMaxBytes }, (_req, body, done) =>
      done(null, body),
    );
    typed(scope).put('/uploads/*', { bodyLimit: LIMITS.imageMaxBytes, schema: storeSchema }, async (request, reply) => {
      const key = request.params['*'];
      const query = request.query;
      if (!storage.pathOf(key) || !storage.verify(key, query)) {
        throw new AppError('forbidden', undefined, 'upload.signatureInvalid');
      }
      const contentType =
        String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase() ?? '';
      const bytes = request.body;
      if (contentType !== query.type || !Buffer.isBuffer(bytes) || !looksLikeImage(bytes, contentType)) {
        throw new AppError('unsupported_media_type', { file: ['upload.onlyImages'] });
      }
      const [row] = await ctx.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
      if (!row) throw new AppError('forbidden', undefined, 'upload.signatureInvalid');
      await storage.write(key, bytes);
      // Kept so public pages can give the image its width and height before it loads (no layout shift).
      const size = imageDimensions(bytes);
      await ctx.db
        .update(uploads)
        .set({
          status: 'stored',
          size: bytes.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          variantWidths: null,
        })
        .where(eq(uploads.id, row.id));
      // Resizing takes a moment of CPU: a job does it, off this request (`variants.ts`).
      await ctx.queue.send(variantsJob, { uploadId: row.id }, { singletonKey: `upload-variants:${row.id}` });
      return reply.status(200).send({ url: row.url });
    });
  });

  r.get('/uploads/*', { schema: keyParams }, async (request, reply) => {
    const key = request.params['*'];
    const found = await storedFile(key);
    const stream = found ? storage.read(key) : undefined;
    if (!found || !stream) throw notFound();
    return reply
      .header('content-type', found.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(stream);
  });

  /** An upload's own file, or one of its resized copies (served only once the job recorded it). */
  async function storedFile(key: string): Promise<{ contentType: string } | undefined> {
    const [row] = await ctx.db
      .select({ contentType: uploads.contentType })
      .from(uploads)
      .where(and(eq(uploads.key, key), eq(uploads.status, 'stored')))
      .limit(1);
    if (row) return row;
    const variant = parseVariantKey(key);
    if (!variant) return undefined;
    const [original] = await ctx.db
      .select({ widths: uploads.variantWidths })
      .from(uploads)
      .where(and(eq(uploads.key, variant.key), eq(uploads.status, 'stored')))
      .limit(1);
    return original?.widths?.includes(variant.width) ? { contentType: 'image/webp' } : undefined;
  }
}
