/**
 * Bridges code outside React (the fetch wrapper) to the router and the session: when any call answers 401,
 * the session provider registers what to do (forget the user, go to the login with `next`).
 */
type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign(loginPath(currentAddress()));
};

export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export function handleUnauthorized() {
  onUnauthorized();
}

export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}

const GUEST_PATHS = ['/login', '/register', '/forgot-password', '/reset-password'];

/** `/login?next=...`, leaving `next` out when it would only bring the user back to a guest screen. */
export function loginPath(next: string): string {
  const path = next.split('?')[0] ?? '';
  if (!next || next === '/' || GUEST_PATHS.includes(path)) return '/login';
  return `/login?next=${encodeURIComponent(next)}`;
}

/**
 * Only same-site relative paths: a single leading `/`, never `//host` or `/\host`, which browsers treat as
 * another origin. Anything else falls back to the home route.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // Control characters (a tab or newline inside `/\t/evil.com`) are stripped by URL parsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what this check looks for.
  if (/[\u0000-\u001f\\]/.test(raw)) return '/';
  return raw;
}
