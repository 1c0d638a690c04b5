import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx or a failure already shown as a toast only repeats the toast.
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
    },
  },
});
