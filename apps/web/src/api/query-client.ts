import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** The app's one QueryClient. Loaders and components share it, so a loader's data is the component's. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // The client already flashed the failure; retrying a 4xx only repeats it.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
