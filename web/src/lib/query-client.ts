import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A 4xx will not fix itself by asking again.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: true,
        // Show what is cached even without a network; fetch when it comes back.
        networkMode: 'offlineFirst',
        gcTime: 24 * 60 * 60 * 1000,
      },
      // A write is never parked while the device is offline (TanStack's default, which left
      // "Deleting…" on screen for good): the call answers at once, with "You're offline" or by
      // going to the outbox (lib/outbox.ts).
      mutations: { networkMode: 'always' },
    },
  });
}
