import { EARLY_ANSWERS_GLOBAL, FIRST_FEED_PAGE } from '@memory-map/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, linkQuery, OFFLINE_MESSAGE } from './api-client.ts';
import { refresh } from './effects/refresh.ts';

const pins = [{ id: 'early' }];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** As the page's first-paint script leaves it (shared/src/first-paint.ts). */
function startedByPage(url: string, token: string, answer: Promise<Response>) {
  (globalThis as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] = { [url]: { token, answer } };
}

const firstFeedPage = () => api.GET('/api/query_feed', linkQuery(FIRST_FEED_PAGE));

describe('a GET the page started before the app', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('is taken over by the same call, once: the next one goes to the server', async () => {
    localStorage.setItem('token', 'tok');
    startedByPage(FIRST_FEED_PAGE, 'tok', Promise.resolve(json(pins)));
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json([{ id: 'fresh' }])));
    expect((await firstFeedPage()).data).toEqual(pins);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await firstFeedPage()).data).toEqual([{ id: 'fresh' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('is not taken by a session other than the one it was sent for', async () => {
    localStorage.setItem('token', 'new-token');
    startedByPage(FIRST_FEED_PAGE, 'old-token', Promise.resolve(json(pins)));
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json([{ id: 'fresh' }])));
    expect((await firstFeedPage()).data).toEqual([{ id: 'fresh' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('fails as the call itself would: the server refusing it, or no answer at all', async () => {
    localStorage.setItem('token', 'tok');
    startedByPage(FIRST_FEED_PAGE, 'tok', Promise.resolve(json({ error: 'Too many requests' }, 429)));
    await expect(firstFeedPage()).rejects.toMatchObject({ status: 429, serverMessage: 'Too many requests' });
    startedByPage(FIRST_FEED_PAGE, 'tok', Promise.reject(new TypeError('Failed to fetch')));
    const err = await firstFeedPage().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isNetworkError).toBe(true);
  });

  it('is not taken once something has changed since the page opened: the list is asked anew', async () => {
    localStorage.setItem('token', 'tok');
    startedByPage(FIRST_FEED_PAGE, 'tok', Promise.resolve(json(pins)));
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json([{ id: 'fresh' }])));
    // A memory sent from the outbox as the app starts, say: its effect refreshes the lists.
    await refresh(new QueryClient(), ['memories']);
    expect((await firstFeedPage()).data).toEqual([{ id: 'fresh' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('is not kept for later when the call is refused offline: back online, the server is asked', async () => {
    localStorage.setItem('token', 'tok');
    startedByPage(FIRST_FEED_PAGE, 'tok', Promise.resolve(json(pins)));
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json([{ id: 'fresh' }])));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(firstFeedPage()).rejects.toMatchObject({ status: 0, serverMessage: OFFLINE_MESSAGE });
    online.mockReturnValue(true);
    expect((await firstFeedPage()).data).toEqual([{ id: 'fresh' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
