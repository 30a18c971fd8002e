import { EVENT_MESSAGES, LIVE_EVENTS } from '@memory-map/shared';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { SseClient } from '../../../test/sse-client.ts';
import type { App } from '../../app-types.ts';
import { registerAuth } from '../../plugins/auth.ts';

let t: TestApp;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  // A short heartbeat so the test can wait for one; everything else as in production.
  t = await createTestApp({}, { liveEvents: { heartbeatMs: 40 } });
  base = await t.listen();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  await t.app.ctx.events.hub.whenIdle();
});
afterAll(() => t.close());

async function stream(headers: Record<string, string>): Promise<SseClient> {
  const s = await SseClient.open(base, headers);
  open.push(s);
  return s;
}

const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: user.auth, payload });

/** A memory through the real multipart endpoint. */
async function createMemory(author: TestUser, fields: Record<string, string>): Promise<string> {
  const boundary = 'mmboundary';
  const all = { title: 'A day', description: 'At the lake', latitude: '47.3', longitude: '8.5', visibility: '2', ...fields };
  const body = Object.entries(all)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('') + `--${boundary}--\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create',
    headers: { ...author.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function updateMemory(author: TestUser, pinId: string, fields: Record<string, string>): Promise<void> {
  const boundary = 'mmboundary';
  const all = { pinId, title: 'A day', description: 'At the lake', visibility: '2', ...fields };
  const body = Object.entries(all)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('') + `--${boundary}--\r\n`;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/update_pin',
    headers: { ...author.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A marker event that `to` may receive: once it arrives, anything sent to `to` before it has
 * arrived too (one stream is in order), so "nothing else came" is checked without waiting.
 */
async function marker(to: TestUser): Promise<string> {
  const from = await t.register();
  expect((await post(from, '/api/send_request', { userId: to.id })).statusCode).toBe(200);
  return from.id;
}

async function expectOnlyMarker(s: SseClient, markerFrom: string) {
  const next = await s.next();
  expect(next.event).toBe('friend-request');
  expect((next.data as { user: { _id: string } }).user._id).toBe(markerFrom);
}

describe('GET /api/events: who may open it', () => {
  it('is 401 without a token or cookie, and with a bad token even beside a good cookie', async () => {
    const none = await SseClient.open(base);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toEqual({ error: 'Please log in to continue' });
    const ann = await t.register();
    const bad = await SseClient.open(base, { authorization: 'Bearer not-a-token', cookie: ann.cookie });
    expect(bad.status).toBe(401);
    const ended = await SseClient.open(base, { cookie: 'mm_session=not-a-session' });
    expect(ended.status).toBe(401);
  });

  it('opens with the Bearer token or with the session cookie, as an event stream', async () => {
    const ann = await t.register();
    const byToken = await stream(ann.auth);
    expect(byToken.status).toBe(200);
    expect(byToken.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(byToken.headers['cache-control']).toBe('no-cache, no-transform');
    // The security headers every answer carries are on the stream too.
    expect(byToken.headers['x-content-type-options']).toBe('nosniff');
    const byCookie = await stream({ cookie: ann.cookie });
    expect(byCookie.status).toBe(200);
  });

  it('lets the cookie authenticate GET routes only: a write asking for it does not register', () => {
    const app = Fastify();
    registerAuth(app as unknown as App);
    expect(() => app.post('/api/something', { config: { auth: 'bearer-or-cookie' } }, async () => ({}))).toThrow(
      '/api/something: the session cookie may authenticate GET routes only',
    );
    expect(() => app.get('/api/readable', { config: { auth: 'bearer-or-cookie' } }, async () => ({}))).not.toThrow();
  });

  it('answers no HEAD (it would be a stream without a body)', async () => {
    const ann = await t.register();
    const res = await t.app.inject({ method: 'HEAD', url: '/api/events', headers: ann.auth });
    expect(res.statusCode).toBe(404);
  });

  it(`allows ${LIVE_EVENTS.streamsPerUser} streams per user, then 429 with Retry-After; a closed one frees its place`, async () => {
    const ann = await t.register();
    const ben = await t.register();
    const streams: SseClient[] = [];
    for (let i = 0; i < LIVE_EVENTS.streamsPerUser; i++) streams.push(await stream(ann.auth));
    const refused = await SseClient.open(base, ann.auth);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(refused.body)).toEqual({ error: EVENT_MESSAGES.tooManyStreams });
    // Another user is not affected.
    expect((await stream(ben.auth)).status).toBe(200);

    const hub = t.app.ctx.events.hub;
    const gone = new Promise((resolve) => hub.once('closed', resolve));
    await streams[0]!.close();
    await gone;
    expect((await stream(ann.auth)).status).toBe(200);
  });

  it('refuses a Last-Event-ID that is not an event id, with a sentence', async () => {
    const ann = await t.register();
    const res = await SseClient.open(base, { ...ann.auth, 'last-event-id': '../../etc' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: EVENT_MESSAGES.badLastEventId });
    expect(t.app.ctx.events.hub.size).toBe(0);
  });

  it('writes a heartbeat comment on a quiet stream', async () => {
    const ann = await t.register();
    const s = await stream(ann.auth);
    expect(await s.nextComment()).toBe('heartbeat');
  });
});

describe('friend events reach only the other person', () => {
  it('request → receiver; accept → requester; unfriend → the other side', async () => {
    const ann = await t.register();
    const ben = await t.register();
    const eve = await t.register();
    const annS = await stream(ann.auth);
    const benS = await stream(ben.auth);
    const eveS = await stream(eve.auth);

    expect((await post(ann, '/api/send_request', { userId: ben.id })).statusCode).toBe(200);
    const request = await benS.next();
    expect(request.event).toBe('friend-request');
    expect(request.id).toMatch(/^\d+-\d+$/);
    // The sender, as the receiver may see them: with e-mail (a request's sender shows it).
    expect(request.data).toEqual({ user: { _id: ann.id, username: ann.username, email: ann.email, profilePicture: expect.any(String) } });

    expect((await post(ben, '/api/accept_request', { userId: ann.id })).statusCode).toBe(200);
    const accepted = await annS.next();
    expect(accepted.event).toBe('friend-accepted');
    expect(accepted.data).toMatchObject({ user: { _id: ben.id, username: ben.username, email: ben.email } });

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/delete_friend', headers: ben.auth, payload: { userId: ann.id } });
    expect(removed.statusCode).toBe(200);
    expect(await annS.next()).toMatchObject({ event: 'friend-removed', data: { userId: ben.id } });

    // Ben heard nothing of his own acts, Eve nothing at all.
    await expectOnlyMarker(benS, await marker(ben));
    await expectOnlyMarker(eveS, await marker(eve));
    expect(annS.unread).toBe(0);
  });

  it('a refused request (409) or a rejection tells nobody', async () => {
    const ann = await t.register();
    const ben = await t.register();
    const benS = await stream(ben.auth);
    expect((await post(ann, '/api/send_request', { userId: ben.id })).statusCode).toBe(200);
    expect((await benS.next()).event).toBe('friend-request');
    expect((await post(ann, '/api/send_request', { userId: ben.id })).statusCode).toBe(409);
    const annS = await stream(ann.auth);
    expect((await post(ben, '/api/reject_request', { userId: ann.id })).statusCode).toBe(200);
    await expectOnlyMarker(benS, await marker(ben));
    await expectOnlyMarker(annS, await marker(ann));
  });
});

describe('memory events follow the audience rule', () => {
  it('friends hear of a friends-only memory, strangers do not; private reaches nobody', async () => {
    const ann = await t.register();
    const friend = await t.register();
    const stranger = await t.register();
    await t.befriend(ann, friend);
    const friendS = await stream(friend.auth);
    const strangerS = await stream(stranger.auth);
    const annS = await stream(ann.auth);

    const privateId = await createMemory(ann, { visibility: '1' });
    const friendsId = await createMemory(ann, { visibility: '2' });
    expect(await friendS.next()).toMatchObject({ event: 'memory', data: { id: friendsId } });
    const publicId = await createMemory(ann, { visibility: '3' });
    expect(await friendS.next()).toMatchObject({ event: 'memory', data: { id: publicId } });
    expect(privateId).not.toBe(friendsId);

    // A public memory of a stranger's is on their map, but it is not news for them: no event.
    await expectOnlyMarker(strangerS, await marker(stranger));
    // The author is not told of their own memories.
    await expectOnlyMarker(annS, await marker(ann));
  });

  it('a tagged friend hears; a change out of their reach is memory-deleted; deletion tells who could see it', async () => {
    const ann = await t.register();
    const ben = await t.register();
    const cat = await t.register();
    await t.befriend(ann, ben);
    await t.befriend(ann, cat);
    const benS = await stream(ben.auth);
    const catS = await stream(cat.auth);

    const id = await createMemory(ann, { visibility: '2', tags: JSON.stringify([ben.id]) });
    expect(await benS.next()).toMatchObject({ event: 'memory', data: { id } });
    expect(await catS.next()).toMatchObject({ event: 'memory', data: { id } });

    // Private now: neither may see it any more.
    await updateMemory(ann, id, { visibility: '1' });
    expect(await benS.next()).toMatchObject({ event: 'memory-deleted', data: { id } });
    expect(await catS.next()).toMatchObject({ event: 'memory-deleted', data: { id } });

    // Friends again: both hear of it.
    await updateMemory(ann, id, { visibility: '2' });
    expect(await benS.next()).toMatchObject({ event: 'memory', data: { id } });
    expect(await catS.next()).toMatchObject({ event: 'memory', data: { id } });

    const del = await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: ann.auth, payload: { pinId: id } });
    expect(del.statusCode).toBe(200);
    expect(await benS.next()).toMatchObject({ event: 'memory-deleted', data: { id } });
    expect(await catS.next()).toMatchObject({ event: 'memory-deleted', data: { id } });
  });

  it('after unfriending, the former friend hears nothing of friends-only memories', async () => {
    const ann = await t.register();
    const ben = await t.register();
    await t.befriend(ann, ben);
    const benS = await stream(ben.auth);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/delete_friend', headers: ann.auth, payload: { userId: ben.id } });
    expect(removed.statusCode).toBe(200);
    expect((await benS.next()).event).toBe('friend-removed');
    await createMemory(ann, { visibility: '2' });
    await expectOnlyMarker(benS, await marker(ben));
  });
});

describe('ids and Last-Event-ID', () => {
  it('a reconnect receives exactly what it missed, in order, then live events', async () => {
    const ann = await t.register();
    const ben = await t.register();
    await t.befriend(ann, ben);
    const first = await stream(ben.auth);
    const a = await createMemory(ann, {});
    const seen = await first.next();
    expect(seen.data).toEqual({ id: a });
    await first.close();

    const b = await createMemory(ann, {});
    const c = await createMemory(ann, { visibility: '3' });
    const again = await stream({ ...ben.auth, 'last-event-id': seen.id! });
    const missed1 = await again.next();
    const missed2 = await again.next();
    expect([missed1.data, missed2.data]).toEqual([{ id: b }, { id: c }]);
    const d = await createMemory(ann, {});
    expect((await again.next()).data).toEqual({ id: d });
    // Ids only grow.
    expect(Number(missed2.id!.split('-')[0])).toBeGreaterThanOrEqual(Number(missed1.id!.split('-')[0]));

    // With the newest id, nothing is sent again.
    const latest = await stream({ ...ben.auth, 'last-event-id': missed2.id! });
    const e = await createMemory(ann, {});
    expect((await latest.next()).data).toEqual({ id: d });
    expect((await latest.next()).data).toEqual({ id: e });
  });

  it(`keeps at most ${LIVE_EVENTS.replayPerUser} events per user`, async () => {
    const ann = await t.register();
    const s = await stream(ann.auth);
    const events = t.app.ctx.events;
    await events.publish([ann.id], { kind: 'memory', data: { id: 'start' } });
    const start = await s.next();
    await s.close();
    for (let i = 0; i < LIVE_EVENTS.replayPerUser + 5; i++) await events.publish([ann.id], { kind: 'memory', data: { id: `m${i}` } });
    const again = await stream({ ...ann.auth, 'last-event-id': start.id! });
    const got: unknown[] = [];
    for (let i = 0; i < LIVE_EVENTS.replayPerUser; i++) got.push((await again.next()).data);
    expect(got[0]).toEqual({ id: 'm5' });
    expect(got.at(-1)).toEqual({ id: `m${LIVE_EVENTS.replayPerUser + 4}` });
    await expectOnlyMarker(again, await marker(ann));
  });
});

describe('sessions and slow clients', () => {
  it('logout ends that session’s streams only; a new password ends the other sessions’ streams', async () => {
    const ann = await t.register();
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: ann.username, password: ann.password } });
    const second = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const third = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: ann.username, password: ann.password } });
    const thirdAuth = { authorization: `Bearer ${third.json<{ token: string }>().token}` };
    const s1 = await stream(ann.auth);
    const s2 = await stream(second);
    const s3 = await stream(thirdAuth);

    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: second })).statusCode).toBe(204);
    await s2.closed;
    expect(s1.ended).toBe(false);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update_user',
      headers: thirdAuth,
      payload: { newUsername: ann.username, newPassword: 'another!2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await s1.closed;
    expect(s3.ended).toBe(false);
    await expectOnlyMarker(s3, await marker(ann));
  });

  it('ends a stream at its maximum age (the client reconnects and is authenticated again)', async () => {
    const short = await createTestApp({}, { liveEvents: { heartbeatMs: 20, maxStreamMs: 60 } });
    try {
      const shortBase = await short.listen();
      const ann = await short.register();
      const s = await SseClient.open(shortBase, ann.auth);
      expect(s.status).toBe(200);
      await s.closed;
      await short.app.ctx.events.hub.whenIdle();
    } finally {
      await short.close();
    }
  });

  it('drops a client that does not read rather than buffer for it', async () => {
    const ann = await t.register();
    const s = await stream(ann.auth);
    s.pause();
    const hub = t.app.ctx.events.hub;
    const dropped = new Promise((resolve) => hub.once('closed', resolve));
    let published = 0;
    let closed = false;
    void dropped.then(() => (closed = true));
    // Big events until the socket's buffers are full and what waits passes the bound (64 KiB);
    // 400 of them (100 MB) is far more than any socket buffers.
    const big = 'x'.repeat(256 * 1024);
    while (!closed && published < 400) {
      await t.app.ctx.events.publish([ann.id], { kind: 'memory', data: { id: `${big}${published}` } });
      published += 1;
      // Let the sockets do their work between two events (a turn of the event loop, not a wait).
      await new Promise(setImmediate);
    }
    expect(closed).toBe(true);
    expect(hub.size).toBe(0);
  });
});
