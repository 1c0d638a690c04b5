/** Cookies the app itself writes: `locale` and `community`. The `session` cookie is httpOnly and never seen here. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) {
      try {
        return decodeURIComponent(trimmed.slice(prefix.length));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

interface CookieOptions {
  maxAgeSeconds?: number;
}

/**
 * Path `/`, SameSite=Lax and no Domain attribute, so the cookie stays on the admin host and never reaches
 * public pages on sibling hosts.
 */
export function writeCookie(name: string, value: string, options: CookieOptions = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string) {
  writeCookie(name, '', { maxAgeSeconds: 0 });
}
