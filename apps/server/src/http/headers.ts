import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The admin app's Content-Security-Policy. No inline script runs (the app's HTML has none); styles may be inline
 * because the UI kit sets them at run time; images may come from anywhere over https (share images, avatars, S3);
 * embeds preview in sandboxed frames from https sources; and no other site may frame the admin (clickjacking).
 * Script embeds do not run in the editor's preview under this policy: their iframes do.
 */
export function adminPolicy(config: Config): string {
  const s3 = config.storage.driver === 's3' ? ` ${s3Origin(config)}` : '';
  // The donor's manage page opens Pagar.me's checkout to take a new card: its script, and the calls it makes.
  const pagarme = config.payments.driver === 'pagarme' ? ` ${pagarmeOrigins(config)}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${pagarme}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${s3}${pagarme}`,
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Public pages run what organisers embed (iframes and scripts from other sites, inline snippets), so their policy
 * allows that and refuses only what no campaign page needs: plugins, a changed base URL. What keeps those scripts
 * away from the admin is not this policy but the host split: the admin lives on its own host, its session cookie is
 * host-only (`__Host-session` in production), and it refuses to be framed.
 */
export const PUBLIC_PAGE_POLICY = [
  "default-src 'self' https: data: blob:",
  "script-src 'self' 'unsafe-inline' https:",
  "style-src 'self' 'unsafe-inline' https:",
  'img-src * data: blob:',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https:",
].join('; ');

/** Where Pagar.me's checkout script comes from and the API it calls from the browser. */
function pagarmeOrigins(config: Config): string {
  return [
    ...new Set(
      [config.payments.pagarme.checkoutScriptUrl, config.payments.pagarme.apiUrl].map((u) => new URL(u).origin),
    ),
  ].join(' ');
}

function s3Origin(config: Config): string {
  const { endpoint, bucket, region } = config.storage.s3;
  return endpoint ? new URL(endpoint).origin : `https://${bucket}.s3.${region}.amazonaws.com`;
}

/** The headers every answer carries, whoever sends it (Fastify's hook below, or the public pages' fast path). */
export function commonSecurityHeaders(config: Config): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(config.production && { 'strict-transport-security': 'max-age=31536000' }),
  };
}

/**
 * Headers every answer carries. Public pages set their own policy (see `public/routes.ts`); every other answer is
 * the admin's or the API's, which nothing may frame.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const policy = adminPolicy(config);
  const common = Object.entries(commonSecurityHeaders(config));
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of common) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', policy);
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
