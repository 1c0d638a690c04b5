import { z } from 'zod';
import { msg } from './messages';

/** How many sites a community may let embed its widgets. */
export const EMBED_ORIGINS_MAX = 50;

/** The hosts where `http:` is accepted (a second local server in tests and development); elsewhere only `https:`. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A site address as the origin a browser sends (`https://host[:port]`, as `new URL(x).origin` writes it), or
 * undefined when it is not one: another scheme, `http:` off loopback, a path, a query, a fragment, credentials, or a
 * host without a dot. A missing scheme means `https://` (organisers paste `exemplo.org`); a trailing `/` is fine.
 */
export function normaliseEmbedOrigin(input: string): string | undefined {
  const text = input.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return undefined;
  // `new URL` keeps a bare `?` or `#` out of search and hash: the text itself must not carry them.
  if (/[?#]/.test(text)) return undefined;
  if (!loopback && !url.hostname.includes('.')) return undefined;
  return url.origin;
}

/**
 * The community setting `embed_origins`: a list of site addresses, each normalised (`normaliseEmbedOrigin`),
 * duplicates removed, at most `EMBED_ORIGINS_MAX`. A bad address is refused with a message that quotes it, on the
 * field itself (`embed_origins`).
 */
export const embedOriginsSchema = z
  .array(z.string({ error: msg('embedOrigins.notAList') }), {
    error: msg('embedOrigins.notAList'),
  })
  .transform((list, ctx) => {
    const origins: string[] = [];
    for (const item of list) {
      if (!item.trim()) continue;
      const origin = normaliseEmbedOrigin(item);
      if (!origin) {
        ctx.addIssue({ code: 'custom', path: [], message: msg('embedOrigins.invalid', { value: item.slice(0, 200) }) });
        return z.NEVER;
      }
      if (!origins.includes(origin)) origins.push(origin);
    }
    if (origins.length > EMBED_ORIGINS_MAX) {
      ctx.addIssue({ code: 'custom', path: [], message: msg('embedOrigins.tooMany', { max: EMBED_ORIGINS_MAX }) });
      return z.NEVER;
    }
    return origins;
  });

/** `PUT /api/communities/{id}/embed_origins`. */
export const embedOriginsUpdateSchema = z.object({ embed_origins: embedOriginsSchema });
export type EmbedOriginsUpdateInput = z.input<typeof embedOriginsUpdateSchema>;
