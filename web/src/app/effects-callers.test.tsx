import type { LiveEvent, Pin, PublicUser } from '@memory-map/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signedIn } from '../../test/api-mock.ts';
import { useAnswerFriendRequest } from '../features/friends/api/respond-request.ts';
import { useDeleteFriend } from '../features/friends/api/delete-friend.ts';
import { useSaveCircle } from '../features/friends/api/save-circle.ts';
import { useSendFriendRequest } from '../features/friends/api/send-request.ts';
import { useDeletePin } from '../features/map/api/delete-pin.ts';
import { useMovePin } from '../features/map/api/move-pin.ts';
import { useCreateMemory } from '../features/memories/api/create-memory.ts';
import { useUpdateMemory } from '../features/memories/api/update-memory.ts';
import { useUpdateNames } from '../features/profile/api/update-names.ts';
import { useSaveTrip } from '../features/trips/api/save-trip.ts';
import type { LiveEventsOptions } from '../lib/live-events.ts';
import { startOutbox } from '../lib/outbox/outbox-sender.ts';
import { useLiveUpdates } from './live-updates.ts';

/**
 * Each kind of change has one effect (lib/effects/); these show that every caller — the mutation
 * hooks, the live events and the outbox — calls that effect, with the change it saw. What each
 * effect then invalidates is lib/effects/effects.test.ts.
 */
const effects = vi.hoisted(() => ({
  friendshipChanged: vi.fn(() => Promise.resolve()),
  memoryChanged: vi.fn(() => Promise.resolve()),
  tripChanged: vi.fn(() => Promise.resolve()),
  circleChanged: vi.fn(() => Promise.resolve()),
  conversationChanged: vi.fn(() => Promise.resolve()),
  notificationsChanged: vi.fn(() => Promise.resolve()),
  profileChanged: vi.fn(),
}));
vi.mock('../lib/effects/friendship.ts', () => ({ friendshipChanged: effects.friendshipChanged }));
vi.mock('../lib/effects/memory.ts', () => ({ memoryChanged: effects.memoryChanged }));
vi.mock('../lib/effects/trip.ts', () => ({ tripChanged: effects.tripChanged }));
vi.mock('../lib/effects/circle.ts', () => ({ circleChanged: effects.circleChanged }));
vi.mock('../lib/effects/conversation.ts', () => ({ conversationChanged: effects.conversationChanged }));
vi.mock('../lib/effects/notification.ts', () => ({ notificationsChanged: effects.notificationsChanged }));
vi.mock('../lib/effects/profile.ts', () => ({ profileChanged: effects.profileChanged }));

// Memory writes go through the outbox; here they are answered at once as sent.
vi.mock('../lib/outbox/index.ts', async (importActual) => ({
  ...(await importActual<typeof import('../lib/outbox/index.ts')>()),
  submitWrite: vi.fn(() => Promise.resolve({ kind: 'sent', data: {} })),
}));

// The live stream: the test holds its callbacks instead of a connection.
const live = vi.hoisted(() => ({ options: null as LiveEventsOptions | null }));
vi.mock('../lib/after-first-screen.ts', () => ({ afterFirstScreen: () => Promise.resolve() }));
vi.mock('../lib/live-events.ts', () => ({
  connectLiveEvents: (options: LiveEventsOptions) => {
    live.options = options;
    return { close: () => {} };
  },
}));

// The outbox's sender: the test says when an item reached the server.
const outbox = vi.hoisted(() => ({ sent: null as ((kind: 'create' | 'update' | 'delete') => void) | null }));
vi.mock('../lib/outbox/outbox-send.ts', async (importActual) => ({
  ...(await importActual<typeof import('../lib/outbox/outbox-send.ts')>()),
  onOutboxSent: (callback: (kind: 'create' | 'update' | 'delete') => void) => void (outbox.sent = callback),
  onOutboxSentElsewhere: () => {},
}));

const ann: PublicUser = { _id: 'ann', username: 'ann', profilePicture: '/media/ann.webp', email: 'ann@example.test' };
const pin = { id: 'p1', title: 't', description: 'd', visibility: '2', tags: [], latitude: 1, longitude: 2 } as unknown as Pin;

function wrapper() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper: Wrapper };
}

/** Runs one mutation hook to success and gives the query client it used. */
async function run<V>(useHook: () => { mutateAsync: (v: V) => Promise<unknown> }, variables: V) {
  const { queryClient, wrapper: Wrapper } = wrapper();
  const { result } = renderHook(useHook, { wrapper: Wrapper });
  await act(() => result.current.mutateAsync(variables));
  return queryClient;
}

beforeEach(() => {
  for (const effect of Object.values(effects)) effect.mockClear();
  signedIn();
});

describe('the mutation hooks call their effect', () => {
  it('friendship: a request sent, answered, a friend removed', async () => {
    mockApi({ 'POST /api/send_request': { body: {} }, 'POST /api/accept_request': { body: {} }, 'POST /api/reject_request': { body: {} }, 'DELETE /api/delete_friend': { body: {} } });
    let qc = await run(useSendFriendRequest, 'ann');
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(qc, 'me', { kind: 'request-sent', userId: 'ann' });
    qc = await run(useAnswerFriendRequest, { userId: 'ann', answer: 'accept' as const });
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(qc, 'me', { kind: 'request-answered', userId: 'ann', answer: 'accept' });
    qc = await run(useAnswerFriendRequest, { userId: 'bob', answer: 'reject' as const });
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(qc, 'me', { kind: 'request-answered', userId: 'bob', answer: 'reject' });
    qc = await run(useDeleteFriend, 'ann');
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(qc, 'me', { kind: 'removed', userId: 'ann', by: 'viewer' });
  });

  it('memory: created, updated, moved, deleted', async () => {
    mockApi({ 'PUT /api/update_pin': { body: pin } });
    const input = { title: 't', description: 'd', latitude: 1, longitude: 2, visibility: '2' as const, locationName: '', tags: [], images: [] };
    let qc = await run(useCreateMemory, input);
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(qc, 'created');
    const update = { pinId: 'p1', title: 't', description: 'd', visibility: '2' as const, circleId: null, tags: [], files: [], keepImages: null, removeImage: false };
    qc = await run(useUpdateMemory, update);
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(qc, 'updated');
    qc = await run(useMovePin, { pin, latitude: 3, longitude: 4 });
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(qc, 'moved');
    qc = await run(useDeletePin, pin);
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(qc, 'deleted');
  });

  it('trip, circle and profile', async () => {
    mockApi({ 'POST /api/trips': { body: { id: 't1' } }, 'POST /api/circles': { body: { id: 'c1' } }, 'PUT /update_user': { body: {} } });
    let qc = await run(useSaveTrip, { title: 't', description: '', visibility: '1' as const, pinIds: [] });
    expect(effects.tripChanged).toHaveBeenLastCalledWith(qc);
    qc = await run(useSaveCircle, { name: 'c', memberIds: [] });
    expect(effects.circleChanged).toHaveBeenLastCalledWith(qc);
    qc = await run(useUpdateNames, { userId: 'me', firstName: 'Ada', lastName: 'L' });
    expect(effects.profileChanged).toHaveBeenLastCalledWith(qc, 'me', { firstName: 'Ada', lastName: 'L' });
  });
});

describe('the live events call the same effects', () => {
  it('each kind of event, and the stream opening', async () => {
    const { queryClient, wrapper: Wrapper } = wrapper();
    live.options = null;
    renderHook(() => useLiveUpdates('test-token', 'me', () => {}), { wrapper: Wrapper });
    await waitFor(() => expect(live.options).not.toBeNull());
    const send = (event: LiveEvent) => live.options!.onEvent(event);

    send({ kind: 'friend-request', data: { user: ann } });
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(queryClient, 'me', { kind: 'request-received', user: ann });
    send({ kind: 'friend-accepted', data: { user: ann } });
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(queryClient, 'me', { kind: 'accepted', userId: 'ann' });
    send({ kind: 'friend-removed', data: { userId: 'ann' } });
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(queryClient, 'me', { kind: 'removed', userId: 'ann', by: 'friend' });
    send({ kind: 'memory', data: { id: 'p1' } });
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(queryClient, 'updated');
    send({ kind: 'memory-deleted', data: { id: 'p1' } });
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(queryClient, 'deleted');
    send({ kind: 'notification', data: { id: 'n1', kind: 'comment' } });
    expect(effects.notificationsChanged).toHaveBeenLastCalledWith(queryClient, 'me');
    send({ kind: 'conversation', data: { pinId: 'p1' } } as LiveEvent);
    expect(effects.conversationChanged).toHaveBeenLastCalledWith(queryClient, 'me', 'p1');

    effects.memoryChanged.mockClear();
    live.options!.onOpen?.(false);
    expect(effects.friendshipChanged).toHaveBeenLastCalledWith(queryClient, 'me', { kind: 'resync' });
    expect(effects.notificationsChanged).toHaveBeenLastCalledWith(queryClient, 'me');
    expect(effects.memoryChanged).not.toHaveBeenCalled();
    // Back after a gap the server could not replay: the memories too.
    live.options!.onOpen?.(true);
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(queryClient, 'updated');
  });
});

describe('the outbox calls the same effect', () => {
  it('a memory it delivered is created, updated or deleted', () => {
    localStorage.clear();
    const queryClient = new QueryClient();
    startOutbox(queryClient);
    outbox.sent!('create');
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(queryClient, 'created');
    outbox.sent!('update');
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(queryClient, 'updated');
    outbox.sent!('delete');
    expect(effects.memoryChanged).toHaveBeenLastCalledWith(queryClient, 'deleted');
  });
});
