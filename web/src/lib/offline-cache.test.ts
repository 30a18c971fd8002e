import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dropOfflineCache, persistQueries } from './offline-cache.ts';

describe('offline cache', () => {
  it("keeps a signed-in user's answered queries for the next start, and drops them at sign-out", async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 't');
    const first = new QueryClient();
    persistQueries(first);
    first.setQueryData(['example'], [{ id: 'p1', title: 'Lisbon sunset' }]);
    await vi.advanceTimersByTimeAsync(1500);

    const second = new QueryClient();
    persistQueries(second);
    expect(second.getQueryData(['example'])).toEqual([{ id: 'p1', title: 'Lisbon sunset' }]);

    dropOfflineCache(second);
    const third = new QueryClient();
    persistQueries(third);
    expect(third.getQueryData(['example'])).toBeUndefined();
  });

  it('writes nothing when nobody is signed in', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    persistQueries(client);
    client.setQueryData(['example'], ['x']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(localStorage.getItem('mm-query-cache')).toBeNull();
  });
});
