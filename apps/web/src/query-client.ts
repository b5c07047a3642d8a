import { QueryClient } from '@tanstack/react-query';
import { isApiClientError } from '#app/lib/api.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(isApiClientError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
