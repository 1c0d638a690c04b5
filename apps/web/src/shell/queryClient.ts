import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { GraphQLRequestError, isSessionError } from '../api/graphql';
import { showRequestError } from './toasts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestErrorMeta;
    mutationMeta: RequestErrorMeta;
  }
}

interface RequestErrorMeta extends Record<string, unknown> {
  /**
   * What the screen shows of a failure itself, so the toast does not say it twice: `'refusals'`, every answer the
   * server explains (400, 403, 404, 422: on their fields or beside the action); a list of fields, the refusals that
   * name only those (anything else still gets the toast); or `'all'`, every failure.
   */
  showsErrors?: 'refusals' | 'all' | readonly string[];
}

/** The screen shows this refusal itself. */
function placedByScreen(error: ApiError, shows: RequestErrorMeta['showsErrors']): boolean {
  if (shows === 'refusals') return true;
  if (!Array.isArray(shows)) return false;
  const fields = Object.keys(error.fields);
  return error.messages.length === 0 && fields.length > 0 && fields.every((f) => shows.includes(f));
}

/** The server's own words for a refusal: its messages, then its field messages (already in the user's language). */
function refusalText(error: ApiError): string | undefined {
  return [...error.messages, ...Object.values(error.fields).flat()].join(' ') || undefined;
}

/**
 * Every failed request ends in a message the user can read. `api/` only throws; the query and mutation caches call
 * this for each failure, so no screen can swallow one: a refusal the screen does not place gets a toast with the
 * server's words, and anything else (network, 5xx, a GraphQL error) the spec's generic 'Ops!' toast. A lost session
 * is left to the redirect to the login, and an aborted request to whoever aborted it.
 */
export function reportRequestError(error: unknown, meta?: RequestErrorMeta) {
  if (meta?.showsErrors === 'all') return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && error.kind === 'unauthorized') return;
  if (error instanceof GraphQLRequestError && isSessionError(error.errors)) return;
  if (error instanceof ApiError && error.kind === 'response') {
    if (!placedByScreen(error, meta?.showsErrors)) showRequestError(refusalText(error));
    return;
  }
  showRequestError();
}

/**
 * The last net: a request that failed outside any query or mutation, with nobody to catch it, still tells the user.
 * The console keeps its 'Uncaught' line, since that is a defect to fix at its source (the browser journeys fail on it).
 */
export function reportUnhandledRequestErrors() {
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof ApiError || event.reason instanceof GraphQLRequestError)
      reportRequestError(event.reason);
  });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => reportRequestError(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => reportRequestError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx or a failure already shown as a toast only repeats the toast.
      retry: (count, error) => !(error instanceof ApiError) && !(error instanceof GraphQLRequestError) && count < 1,
    },
  },
});
