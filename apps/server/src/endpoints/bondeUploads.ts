import { adminBaseUrl } from '../config';
import { domainErrors } from '../graphql/errors';
import type { GraphQLModule } from '../graphql/policy';
import { parseInput } from '../http/validate';
import { checkStoredLater, signSchema, signUpload } from './uploads';

/**
 * Bonde's `upload_s3` action (its admin and canary clients' image fields) on our uploads: the same checks as
 * `POST /api/uploads` (images only), a signed PUT and the image's final address. Every address comes from
 * configuration (APP_URL for local storage, the bucket or S3_PUBLIC_URL otherwise), never from the request.
 */
export const bondeUploadGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    type UploadS3Output {
      "Where to PUT the file, with the same Content-Type; the original's clients read the image's address as the part before '?'."
      signed_url: String
      "The image's address once stored (differs from signed_url's part before '?' only when S3_PUBLIC_URL is set)."
      url: String
    }
    extend type mutation_root {
      "Signs the upload of an image (PNG, JPEG, GIF or WebP) by the caller."
      upload_s3(filename: String!, content_type: String!): UploadS3Output
    }
  `,
  resolvers: {
    upload_s3: (args, gctx) =>
      domainErrors(gctx.locale, async () => {
        const input = parseInput(signSchema, { filename: args.filename, content_type: args.content_type });
        const signed = await signUpload(gctx.app, input, gctx.user.id, null, adminBaseUrl(gctx.app.config));
        gctx.afterCommit((app) => checkStoredLater(app, signed.id));
        return { signed_url: signed.signedUrl, url: signed.url };
      }),
  },
};
