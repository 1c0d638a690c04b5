/**
 * URL checks for links and images. Only web, mail and phone links survive; `javascript:`, `data:`, `vbscript:` and
 * any other scheme are refused, whatever their spelling (entities and control characters are already decoded by the
 * time a URL reaches here).
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:"), so strip them first.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove.
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;

function normalise(url: string): string {
  return url.trim();
}

/** Adds `http://` to a bare host such as `www.example.org/page`, as the link dialog does. */
export function withHttpPrefix(href: string): string {
  const value = href.trim();
  if (!value || SCHEME.test(value.replace(IGNORED, '')) || /^[/#?.]/.test(value)) return value;
  return `http://${value}`;
}

/**
 * A link target that is safe to put in `href`: http(s), mailto, tel, or a relative reference (path, query or
 * fragment). Bare hosts get `http://`. Anything else gives undefined.
 */
export function safeHref(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const url = withHttpPrefix(normalise(raw));
  if (!url || url.length > 2048) return undefined;
  const scheme = SCHEME.exec(url.replace(IGNORED, ''))?.[1]?.toLowerCase();
  if (scheme === undefined) return url.startsWith('//') ? `https:${url}` : url;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' || scheme === 'tel' ? url : undefined;
}

/** An image source that is safe to load: http(s) or a path on this site (uploads). */
export function safeImageSrc(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const url = normalise(raw);
  if (!url || url.length > 2048) return undefined;
  if (url.startsWith('//')) return `https:${url}`;
  const scheme = SCHEME.exec(url.replace(IGNORED, ''))?.[1]?.toLowerCase();
  if (scheme === undefined) return url.startsWith('/') ? url : undefined;
  return scheme === 'http' || scheme === 'https' ? url : undefined;
}

/** Link href pattern of the link dialog (spec 02 §5): optional http(s), a word part of 2+, a dot, then 2+ more. */
export const LINK_HREF_PATTERN = /^(https?:\/\/)?[\w-]{2,}\.[\w.-]{2,}/;
