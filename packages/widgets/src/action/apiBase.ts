/**
 * Where the widgets' API calls go. On our own pages every call is relative (the page's host answers `/api/`); inside
 * an embed on another site the kind's embed bundle sets the server's configured address first (`setApiBase`), so the
 * same calls reach our server, through CORS, with the same routes and guards.
 */
let base = '';

/** Called once by an embed bundle, before it renders: the server's absolute address (from its configuration). */
export function setApiBase(url: string) {
  base = url.replace(/\/+$/, '');
}

/** The address of an API path (`/api/...`): as given on our pages, absolute inside an embed. */
export const apiUrl = (path: string): string => `${base}${path}`;
