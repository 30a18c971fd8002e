import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, signedIn } from '../../test/api-mock.ts';
import { friendsKeys } from '../features/friends/api/keys.ts';
import { feedKeys } from '../features/feed/api/keys.ts';
import { mapKeys } from '../features/map/api/keys.ts';
import { Layout } from './layout.tsx';
import { liveToastText } from './live-updates.ts';
import type { PublicUser } from '../lib/api/types.ts';

const person = (name: string): PublicUser => ({ _id: name, username: name, profilePicture: `/media/${name}.webp`, email: `${name}@example.test` });

/**
 * The app shell against a stubbed API whose /api/events is a stream the test writes to; the
 * pending list is whatever `pending` holds when the app asks.
 */
function setup({ requestAfterFirstAnswer }: { requestAfterFirstAnswer?: PublicUser } = {}) {
  signedIn();
  const pending: PublicUser[] = [];
  let answered = 0;
  const api = mockApi({
    'GET /api/pending_requests': () => {
      const body = { pendingRequests: [...pending] };
      // Someone sends a request just after the app's first answer, before its stream is open.
      if (answered++ === 0 && requestAfterFirstAnswer) pending.unshift(requestAfterFirstAnswer);
      return { body };
    },
    'GET /api/get_user': { body: { _id: 'me' } },
    'GET /api/query_friends': { body: [] },
  });
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  let opened: (() => void) | undefined;
  const streamOpen = new Promise<void>((resolve) => (opened = resolve));
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/events') return api.fetchMock(input, init);
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) });
    opened?.();
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '/landing', element: <p>map</p> }] }], { initialEntries: ['/landing'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  let seq = 0;
  return {
    api,
    queryClient,
    pending,
    streamOpen,
    /** The server sends a friend request from `user` (and now lists it). */
    request(user: PublicUser) {
      pending.unshift(user);
      seq += 1;
      stream!.enqueue(encoder.encode(`id: 1-${seq}\nevent: friend-request\ndata: ${JSON.stringify({ user })}\n\n`));
    },
    send(kind: string, data: unknown) {
      seq += 1;
      stream!.enqueue(encoder.encode(`id: 1-${seq}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}

const friendsTab = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /Friends/ });

describe('live updates in the app shell', () => {
  it('a friend request badges the Friends tab and shows a toast, live; above 9 the badge says 9+', async () => {
    const app = setup();
    await app.streamOpen;
    expect(friendsTab().querySelector('.count-badge')).toBeNull();

    app.request(person('ann'));
    expect(await screen.findByRole('status')).toHaveTextContent(liveToastText.request(person('ann')));
    expect(await within(friendsTab()).findByLabelText('1 pending friend requests')).toHaveTextContent('1');

    for (let i = 0; i < 9; i++) app.request(person(`p${i}`));
    expect(await within(friendsTab()).findByLabelText('10 pending friend requests')).toHaveTextContent('9+');
  });

  it('a request sent after the badge was answered but before the stream opened shows once it opens', async () => {
    const app = setup({ requestAfterFirstAnswer: person('bea') });
    await app.streamOpen;
    expect(await within(friendsTab()).findByLabelText('1 pending friend requests')).toHaveTextContent('1');
  });

  it('an accepted request shows a toast and marks friends stale; a friend’s memory marks the map and feed stale', async () => {
    const app = setup();
    await app.streamOpen;
    const { queryClient } = app;
    // What screens not shown right now hold in the cache.
    queryClient.setQueryData(friendsKeys.list('me'), []);
    queryClient.setQueryData(feedKeys.list('me'), { pages: [], pageParams: [] });
    queryClient.setQueryData(mapKeys.view({ bbox: '0,0,1,1', zoom: 3, types: 'own,friend,public' }), []);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true;

    app.send('friend-accepted', { user: person('ben') });
    expect(await screen.findByRole('status')).toHaveTextContent('ben accepted your friend request');
    expect(stale(friendsKeys.list('me'))).toBe(true);

    queryClient.setQueryData(feedKeys.list('me'), { pages: [], pageParams: [] });
    queryClient.setQueryData(mapKeys.view({ bbox: '0,0,1,1', zoom: 3, types: 'own,friend,public' }), []);
    expect(stale(feedKeys.list('me'))).toBe(false);
    app.send('not-a-kind-we-know', {});
    app.send('memory', { id: 'm1' });
    await vi.waitFor(() => expect(stale(feedKeys.list('me')) && stale(mapKeys.view({ bbox: '0,0,1,1', zoom: 3, types: 'own,friend,public' }))).toBe(true));
  });

  it('a comment or reaction on a memory marks the map and feed stale: their counts are asked again', async () => {
    const app = setup();
    await app.streamOpen;
    const { queryClient } = app;
    const view = mapKeys.view({ bbox: '0,0,1,1', zoom: 3, types: 'own,friend,public' });
    queryClient.setQueryData(feedKeys.list('me'), { pages: [], pageParams: [] });
    queryClient.setQueryData(view, []);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true;
    expect(stale(feedKeys.list('me'))).toBe(false);
    app.send('conversation', { pinId: 'p1' });
    await vi.waitFor(() => expect(stale(feedKeys.list('me')) && stale(view)).toBe(true));
  });
});
