import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { HAS_REDIS_SERVER, TestRedis } from '../../../test/redis-server.ts';
import { SseClient } from '../../../test/sse-client.ts';
import type { Db } from '../../db/database.ts';
import { openRedis } from '../../lib/redis.ts';
import { RedisTransport } from './redis-transport.ts';

/**
 * Two app servers in one process, on one database and one Redis: what one raises reaches streams
 * held by the other. (server/test/two-servers.test.ts does the same with separate processes on
 * PostgreSQL.) Each run has its own key and channel prefix, so parallel runs never hear each other.
 */

const open: SseClient[] = [];
async function stream(base: string, headers: Record<string, string>): Promise<SseClient> {
  const s = await SseClient.open(base, headers);
  expect(s.status, s.body).toBe(200);
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const transportOf = (t: TestApp) => t.app.ctx.events.transport as RedisTransport;
const post = (t: TestApp, user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: user.auth, payload });

/** Server 1 and server 2 on one database (a new one unless given) and the given Redis. */
async function twoServers(redisUrl: string, db?: Db) {
  const prefix = `mmtest:${randomUUID()}:`;
  const one = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, { db });
  const two = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, { db: one.db });
  await Promise.all([transportOf(one).whenConnected(), transportOf(two).whenConnected()]);
  return { one, two, base1: await one.listen(), base2: await two.listen() };
}

describe.runIf(process.env.TEST_REDIS_URL)('live events across app servers (Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  let base1: string;
  let base2: string;
  beforeAll(async () => {
    ({ one, two, base1, base2 } = await twoServers(process.env.TEST_REDIS_URL!));
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a request on server 2 reaches a stream on server 1, and the answer comes back', async () => {
    const ann = await one.register();
    const ben = await one.register();
    const benOn1 = await stream(base1, ben.auth);
    const annOn2 = await stream(base2, ann.auth);
    expect((await post(two, ann, '/api/send_request', { userId: ben.id })).statusCode).toBe(200);
    const request = await benOn1.next();
    expect(request).toMatchObject({ event: 'friend-request', data: { user: { _id: ann.id, email: ann.email } } });
    expect(request.id).toMatch(/^\d+-\d+$/);
    expect((await post(one, ben, '/api/accept_request', { userId: ann.id })).statusCode).toBe(200);
    expect(await annOn2.next()).toMatchObject({ event: 'friend-accepted', data: { user: { _id: ben.id } } });
  });

  it('a reconnect to the other server receives what was missed', async () => {
    const ann = await one.register();
    const ben = await one.register();
    await one.befriend(ann, ben);
    const first = await stream(base1, ben.auth);
    const create = (t: TestApp, title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create',
        headers: { ...ann.auth, 'content-type': 'multipart/form-data; boundary=b' },
        payload: ['title', 'description', 'latitude', 'longitude', 'visibility']
          .map((k, i) => `--b\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${[title, 'x', '1', '2', '2'][i]}\r\n`)
          .join('') + '--b--\r\n',
      });
    const a = (await create(one, 'a')).json<{ id: string }>().id;
    const seen = await first.next();
    expect(seen.data).toEqual({ id: a });
    await first.close();
    const b = (await create(two, 'b')).json<{ id: string }>().id;
    const c = (await create(one, 'c')).json<{ id: string }>().id;
    const again = await stream(base2, { ...ben.auth, 'last-event-id': seen.id! });
    expect((await again.next()).data).toEqual({ id: b });
    expect((await again.next()).data).toEqual({ id: c });
  });

  it('a logout on one server ends the session’s stream on the other', async () => {
    const ann = await one.register();
    const s = await stream(base1, ann.auth);
    expect((await two.app.inject({ method: 'POST', url: '/api/logout', headers: ann.auth })).statusCode).toBe(204);
    await s.closed;
    expect((await one.app.inject({ method: 'GET', url: '/api/get_user', headers: ann.auth })).statusCode).toBe(401);
  });

  it('servers with another REDIS_PREFIX (another run, on the same Redis) hear nothing of these', async () => {
    const other = await twoServers(process.env.TEST_REDIS_URL!, one.db);
    try {
      const ann = await one.register();
      const ben = await one.register();
      const here = await stream(base1, ben.auth);
      const elsewhere = await stream(other.base1, ben.auth);
      expect((await post(two, ann, '/api/send_request', { userId: ben.id })).statusCode).toBe(200);
      expect((await here.next()).event).toBe('friend-request');
      // The other group's own event is the first its stream hears: ours never reached it.
      await other.two.app.ctx.events.publish([ben.id], { kind: 'memory', data: { id: 'marker' } });
      expect(await elsewhere.next()).toMatchObject({ event: 'memory', data: { id: 'marker' } });
    } finally {
      await other.two.close();
      await other.one.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the subscription', () => {
  it('once live, at start as after an outage, has the streams read what they missed meanwhile', async () => {
    const redis = openRedis(process.env.TEST_REDIS_URL!);
    const transport = new RedisTransport(redis, { prefix: `mmtest:${randomUUID()}:`, serverId: randomUUID(), log: console as never });
    let resumed = 0;
    transport.listen({ deliver: () => {}, endSessions: () => {}, resumed: () => (resumed += 1) });
    try {
      // A stream opened before this server first heard the others has missed what they published.
      await transport.whenConnected();
      expect(resumed).toBe(1);
    } finally {
      await transport.close();
      redis.disconnect();
    }
  });
});

describe.runIf(HAS_REDIS_SERVER)('when Redis goes away', () => {
  it('requests still succeed and reach this server’s streams; once Redis is back, events cross servers again', async () => {
    const redis = await TestRedis.start();
    const { one, two, base1 } = await twoServers(redis.url);
    try {
      const ann = await one.register();
      const ben = await one.register();
      const cat = await one.register();
      const benOn1 = await stream(base1, ben.auth);

      await redis.stop();
      // Server 1 raises it: its own stream hears it, without an id (nothing could record it).
      expect((await post(one, ann, '/api/send_request', { userId: ben.id })).statusCode).toBe(200);
      const local = await benOn1.next();
      expect(local).toMatchObject({ event: 'friend-request', data: { user: { _id: ann.id } } });
      expect(local.id).toBeUndefined();
      // Server 2 raises one: the request succeeds; the event cannot cross.
      expect((await post(two, cat, '/api/send_request', { userId: ben.id })).statusCode).toBe(200);

      await redis.restart();
      await Promise.all([transportOf(one).whenConnected(), transportOf(two).whenConnected()]);
      const dan = await one.register();
      expect((await post(two, dan, '/api/send_request', { userId: ben.id })).statusCode).toBe(200);
      const crossed = await benOn1.next();
      // The stream resumed: the next event it hears is the one raised after Redis came back.
      expect(crossed).toMatchObject({ event: 'friend-request', data: { user: { _id: dan.id } } });
      expect(crossed.id).toMatch(/^\d+-\d+$/);
    } finally {
      await two.close();
      await one.close();
      await redis.stop();
    }
  });
});
