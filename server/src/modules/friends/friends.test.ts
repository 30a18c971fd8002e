import { FRIEND_MESSAGES } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { nowIso } from '../../lib/time.ts';
import { friendsRepository } from './friends.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

const post = (url: string, who: TestUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const sendRequest = (from: TestUser, to: TestUser | string) =>
  post('/api/send_request', from, { userId: typeof to === 'string' ? to : to.id });
const accept = (who: TestUser, from: TestUser | string) =>
  post('/api/accept_request', who, { userId: typeof from === 'string' ? from : from.id });
const reject = (who: TestUser, from: TestUser | string) =>
  post('/api/reject_request', who, { userId: typeof from === 'string' ? from : from.id });
const unfriend = (who: TestUser, other: TestUser | string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/delete_friend',
    headers: who.auth,
    payload: { userId: typeof other === 'string' ? other : other.id },
  });
const self = async (who: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { friends: string[]; friendRequests: { sent: string[]; received: string[] } };
};
const friendsOf = async (who: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/query_friends', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { _id: string; username: string; email?: string; profilePicture: string }[];
};
const pendingOf = async (who: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/pending_requests', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { pendingRequests: { _id: string; username: string; email?: string }[] }).pendingRequests;
};
const emailSeen = async (viewer: TestUser, other: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/get_user/${other.id}`, headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return res.json().email as string | undefined;
};

describe('POST /api/send_request', () => {
  it('sends a request that both users then see in their friendRequests', async () => {
    const a = await t.register();
    const b = await t.register();
    const res = await sendRequest(a, b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Friend request sent' });
    expect((await self(a)).friendRequests).toEqual({ sent: [b.id], received: [] });
    expect((await self(b)).friendRequests).toEqual({ sent: [], received: [a.id] });
    expect((await self(a)).friends).toEqual([]);
  });

  it('refuses a request to yourself with 400', async () => {
    const a = await t.register();
    const res = await sendRequest(a, a);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You cannot send a friend request to yourself' });
  });

  it('answers 404 for an unknown or malformed user id, never 500', async () => {
    const a = await t.register();
    for (const id of [UNKNOWN_ID, 'not-a-uuid', "' OR 1=1 --", UNKNOWN_ID.toUpperCase()]) {
      const res = await sendRequest(a, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found' });
    }
    expect((await self(a)).friendRequests.sent).toEqual([]);
  });

  it('answers 400 when userId is missing or not text', async () => {
    const a = await t.register();
    const missing = await post('/api/send_request', a, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'userId is required' });
    const wrongType = await post('/api/send_request', a, { userId: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ error: 'userId must be text' });
  });

  it('answers each conflict with 409 and its exact message', async () => {
    const a = await t.register();
    const b = await t.register();
    const c = await t.register();
    expect((await sendRequest(a, b)).statusCode).toBe(200);

    const again = await sendRequest(a, b);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Friend request already sent' });

    const reverse = await sendRequest(b, a);
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json()).toEqual({ error: 'This user has already sent you a friend request' });

    await t.befriend(a, c);
    for (const [from, to] of [
      [a, c],
      [c, a],
    ] as const) {
      const res = await sendRequest(from, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'You are already friends with this user' });
    }
    expect(FRIEND_MESSAGES.alreadyFriends).toBe('You are already friends with this user');
    // Only the first request exists.
    expect((await self(b)).friendRequests.received).toEqual([a.id]);
    expect((await self(c)).friendRequests.received).toEqual([]);
  });

  it('needs a token', async () => {
    const b = await t.register();
    const res = await t.app.inject({ method: 'POST', url: '/api/send_request', payload: { userId: b.id } });
    expect(res.statusCode).toBe(401);
    expect((await self(b)).friendRequests.received).toEqual([]);
  });
});

describe('GET /api/pending_requests', () => {
  it('lists received requests newest first, with the requester e-mail, and not sent ones', async () => {
    const me = await t.register();
    const first = await t.register();
    const second = await t.register();
    const target = await t.register();
    expect((await sendRequest(first, me)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect((await sendRequest(second, me)).statusCode).toBe(200);
    expect((await sendRequest(me, target)).statusCode).toBe(200);

    const pending = await pendingOf(me);
    expect(pending.map((u) => u._id)).toEqual([second.id, first.id]);
    expect(pending[0]).toEqual({
      _id: second.id,
      username: second.username,
      email: second.email,
      profilePicture: '/media/default-avatar.svg',
    });
    // The request `me` sent shows up on the other side only, with `me`'s e-mail.
    expect(await pendingOf(target)).toEqual([
      { _id: me.id, username: me.username, email: me.email, profilePicture: '/media/default-avatar.svg' },
    ]);
    expect(await pendingOf(second)).toEqual([]);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pending_requests' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/accept_request', () => {
  it('makes both users friends, clears the request, and both get_user records show it', async () => {
    const a = await t.register();
    const b = await t.register();
    const outsider = await t.register();
    expect((await sendRequest(a, b)).statusCode).toBe(200);
    const res = await accept(b, a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Friend request accepted' });

    expect(await self(a)).toMatchObject({ friends: [b.id], friendRequests: { sent: [], received: [] } });
    expect(await self(b)).toMatchObject({ friends: [a.id], friendRequests: { sent: [], received: [] } });
    expect((await friendsOf(a)).map((f) => f._id)).toEqual([b.id]);
    expect((await friendsOf(b)).map((f) => f._id)).toEqual([a.id]);
    expect(await pendingOf(b)).toEqual([]);
    expect(await friendsOf(outsider)).toEqual([]);
  });

  it('also removes a request the accepter had sent the other way', async () => {
    const a = await t.register();
    const b = await t.register();
    // Two requests crossing each other can only arise from a race; make one directly.
    await t.db.kysely
      .insertInto('friend_requests')
      .values([
        { from_id: a.id, to_id: b.id, created_at: nowIso() },
        { from_id: b.id, to_id: a.id, created_at: nowIso() },
      ])
      .execute();
    expect((await accept(b, a)).statusCode).toBe(200);
    expect((await self(a)).friendRequests).toEqual({ sent: [], received: [] });
    expect((await self(b)).friendRequests).toEqual({ sent: [], received: [] });
    expect((await self(a)).friends).toEqual([b.id]);
  });

  it('answers 404 when there is no such request: none, the wrong direction, twice, unknown or malformed id', async () => {
    const a = await t.register();
    const b = await t.register();
    const none = await accept(b, a);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'Friend request not found' });

    expect((await sendRequest(a, b)).statusCode).toBe(200);
    // The sender cannot accept their own request.
    const ownRequest = await accept(a, b);
    expect(ownRequest.statusCode).toBe(404);
    expect((await self(a)).friends).toEqual([]);

    expect((await accept(b, a)).statusCode).toBe(200);
    const twice = await accept(b, a);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ error: 'Friend request not found' });

    for (const id of [UNKNOWN_ID, 'nope']) {
      const res = await accept(b, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Friend request not found' });
    }
  });

  it('is one transaction: if making the friendship fails, the request is still there', async () => {
    const a = await t.register();
    const b = await t.register();
    expect((await sendRequest(a, b)).statusCode).toBe(200);
    vi.spyOn(friendsRepository, 'insertFriendship').mockRejectedValueOnce(new Error('disk on fire'));
    const res = await accept(b, a);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect((await self(b)).friendRequests.received).toEqual([a.id]);
    expect((await self(b)).friends).toEqual([]);
    // And it can be accepted once the failure is gone.
    expect((await accept(b, a)).statusCode).toBe(200);
    expect((await self(b)).friends).toEqual([a.id]);
  });

  it('needs a token', async () => {
    const a = await t.register();
    const res = await t.app.inject({ method: 'POST', url: '/api/accept_request', payload: { userId: a.id } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/reject_request', () => {
  it('removes the request without making friends; the sender may ask again', async () => {
    const a = await t.register();
    const b = await t.register();
    expect((await sendRequest(a, b)).statusCode).toBe(200);
    const res = await reject(b, a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Friend request rejected' });
    expect(await self(a)).toMatchObject({ friends: [], friendRequests: { sent: [], received: [] } });
    expect(await self(b)).toMatchObject({ friends: [], friendRequests: { sent: [], received: [] } });
    expect(await pendingOf(b)).toEqual([]);
    // Rejecting withdraws the e-mail the request had shared.
    expect(await emailSeen(b, a)).toBeUndefined();

    const again = await reject(b, a);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Friend request not found' });
    expect((await sendRequest(a, b)).statusCode).toBe(200);
  });

  it('answers 404 for a request in the other direction and for malformed ids', async () => {
    const a = await t.register();
    const b = await t.register();
    expect((await sendRequest(a, b)).statusCode).toBe(200);
    expect((await reject(a, b)).statusCode).toBe(404);
    expect((await reject(b, 'x')).statusCode).toBe(404);
    expect((await self(b)).friendRequests.received).toEqual([a.id]);
  });
});

describe('DELETE /api/delete_friend', () => {
  it('ends the friendship both ways, at once for what each can see', async () => {
    const a = await t.register();
    const b = await t.register();
    await t.befriend(a, b);
    expect(await emailSeen(b, a)).toBe(a.email);

    const res = await unfriend(a, b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Friend removed' });
    expect((await self(a)).friends).toEqual([]);
    expect((await self(b)).friends).toEqual([]);
    expect(await friendsOf(b)).toEqual([]);
    expect(await emailSeen(b, a)).toBeUndefined();
    expect(await emailSeen(a, b)).toBeUndefined();

    const again = await unfriend(b, a);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'You are not friends with this user' });
  });

  it('works from either side and touches no other friendship', async () => {
    const a = await t.register();
    const b = await t.register();
    const c = await t.register();
    await t.befriend(a, b);
    await t.befriend(a, c);
    expect((await unfriend(b, a)).statusCode).toBe(200);
    expect((await self(a)).friends).toEqual([c.id]);
    expect((await self(c)).friends).toEqual([a.id]);
  });

  it('answers 404 for strangers, unknown and malformed ids, and 400 without userId', async () => {
    const a = await t.register();
    const stranger = await t.register();
    for (const id of [stranger.id, UNKNOWN_ID, 'garbage', a.id]) {
      const res = await unfriend(a, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'You are not friends with this user' });
    }
    const noBody = await t.app.inject({
      method: 'DELETE',
      url: '/api/delete_friend',
      headers: { ...a.auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ error: 'userId is required' });
  });

  it('needs a token', async () => {
    const a = await t.register();
    const b = await t.register();
    await t.befriend(a, b);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/delete_friend', payload: { userId: b.id } });
    expect(res.statusCode).toBe(401);
    expect((await self(a)).friends).toEqual([b.id]);
  });
});

describe('GET /api/query_friends', () => {
  it('lists the viewer friends by username, case-insensitively, with e-mail and picture', async () => {
    const me = await t.register();
    const zed = await t.register('Zed_friend');
    const amy = await t.register('amy_friend');
    const bob = await t.register('Bob_friend');
    const stranger = await t.register();
    await t.befriend(me, zed);
    await t.befriend(me, amy);
    await t.befriend(me, bob);
    const list = await friendsOf(me);
    expect(list.map((f) => f.username)).toEqual(['amy_friend', 'Bob_friend', 'Zed_friend']);
    expect(list[0]).toEqual({
      _id: amy.id,
      username: 'amy_friend',
      email: amy.email,
      profilePicture: '/media/default-avatar.svg',
    });
    expect(list.some((f) => f._id === stranger.id)).toBe(false);
    expect((await friendsOf(zed)).map((f) => f._id)).toEqual([me.id]);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/query_friends' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue' });
  });
});

describe('request → accept → unfriend, through the API only', () => {
  it('walks the whole flow and each side sees the right thing at each step', async () => {
    const a = await t.register();
    const b = await t.register();
    expect((await sendRequest(a, b)).statusCode).toBe(200);
    expect(await emailSeen(b, a)).toBe(a.email);
    expect(await emailSeen(a, b)).toBeUndefined();
    expect((await accept(b, a)).statusCode).toBe(200);
    expect(await emailSeen(a, b)).toBe(b.email);
    expect((await sendRequest(b, a)).json()).toEqual({ error: 'You are already friends with this user' });
    expect((await unfriend(b, a)).statusCode).toBe(200);
    expect(await emailSeen(a, b)).toBeUndefined();
    expect(await emailSeen(b, a)).toBeUndefined();
    expect((await sendRequest(b, a)).statusCode).toBe(200);
  });
});
