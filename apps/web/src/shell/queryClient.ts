import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { showRequestError } from './toasts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestErrorMeta;
    mutationMeta: RequestErrorMeta;
  }
}

interface RequestErrorMeta extends Record<string, unknown> {
  /** False when the caller shows the failure itself and the generic toast would say it twice. */
  requestErrorToast?: boolean;
}

/**
 * `api/` only throws; a failed request (network, 5xx) reaches the generic 'Ops!' toast here, through the query
 * and mutation caches, so the request layer depends on no UI. Refusals (`kind: 'response'`) belong to the screen.
 */
function toastRequestError(error: unknown, meta: RequestErrorMeta | undefined) {
  if (error instanceof ApiError && error.kind === 'request' && meta?.requestErrorToast !== false) {
    showRequestError();
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => toastRequestError(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => toastRequestError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx or a failure already shown as a toast only repeats the toast.
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
    },
  },
});
