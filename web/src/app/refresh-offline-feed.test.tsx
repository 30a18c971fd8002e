import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { testQueryClient } from '../../test/providers.tsx';
import { feedKeys } from '../features/feed/api/keys.ts';
import { useRefreshOfflineFeed } from './refresh-offline-feed.ts';

// The first screen's requests are the test's to finish: it says when the refresh may go.
let firstScreenDone: () => void = () => undefined;
vi.mock('../lib/after-first-screen.ts', () => ({
  afterFirstScreen: () => new Promise<void>((resolve) => (firstScreenDone = resolve)),
}));

const page = { pages: [{ pins: [], next: null }], pageParams: ['/api/query_feed?limit=20'] };

function Refresher() {
  useRefreshOfflineFeed('test-token', 'me');
  return null;
}

function setup(queryClient: QueryClient) {
  const api = mockApi({ 'GET /api/query_feed': { body: [] } });
  render(
    <QueryClientProvider client={queryClient}>
      <Refresher />
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => vi.useRealTimers());

describe("the feed's offline copy, refreshed once the first screen is in", () => {
  it('is fetched again on a load whose screen did not fetch it (a copy kept from before)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T08:00:00Z') });
    const queryClient = testQueryClient();
    queryClient.setQueryData(feedKeys.list('me'), page, { updatedAt: Date.now() - 60_000 });
    const api = setup(queryClient);
    // Asked by the time the first screen's wait is over: the next test's "not asked" means so too.
    await act(async () => firstScreenDone());
    expect(api.callsTo('GET', '/api/query_feed')).toHaveLength(1);
  });

  it('is not fetched a second time when the first screen was the feed, which fetched it on this load; coming back online fetches it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T08:00:00Z') });
    const queryClient = testQueryClient();
    const api = setup(queryClient);
    // The feed screen's own answer, after the app started.
    vi.setSystemTime(new Date('2026-11-28T08:00:01Z'));
    queryClient.setQueryData(feedKeys.list('me'), page);
    await act(async () => firstScreenDone());
    expect(api.callsTo('GET', '/api/query_feed')).toHaveLength(0);

    await act(async () => window.dispatchEvent(new Event('online')));
    expect(api.callsTo('GET', '/api/query_feed')).toHaveLength(1);
  });
});
