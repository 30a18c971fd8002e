import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { HAS_REDIS_SERVER, TestRedis } from './redis-server.ts';

/**
 * Redis is an accelerator (shared rate limits), not a single point of failure: with REDIS_URL
 * set and Redis gone, crashed or hung, every call still answers as it would without Redis, and
 * health says which dependency is down. Each test starts its own Redis on a free port and takes
 * it down; the shared one is never touched.
 */
describe.runIf(HAS_REDIS_SERVER)('with REDIS_URL set and Redis down', () => {
  let redis: TestRedis;
  let t: TestApp;

  beforeAll(async () => {
    redis = await TestRedis.start();
    t = await createTestApp({ REDIS_URL: redis.url });
  });
  // Each test starts with Redis up and the app connected to it.
  beforeEach(async () => {
    redis.resume();
    if (!redis.running) await redis.restart();
    while ((await health()).body.redis !== 'ok') await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  async function health() {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { status: res.statusCode, body: res.json() as { status: string; database: string; redis: string } };
  }

  const login = (username: string, password: string, ip = '10.77.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/profile/login', remoteAddress: ip, payload: { username, password } });
  const register = (username: string, ip = '10.77.0.2') =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip,
      payload: { username, email: `${username}@example.test`, password: 'secret!1', confirmPassword: 'secret!1' },
    });
  const places = (auth: Record<string, string>, ip = '10.77.0.3') =>
    t.app.inject({ method: 'GET', url: '/api/places/search?q=paris', headers: auth, remoteAddress: ip });

  it('serves login, register and place search as usual, and health reports Redis down with 200', async () => {
    const user = await t.register('redis_down_ann');
    expect((await login(user.username, user.password)).statusCode).toBe(200);

    await redis.stop();

    const answers = [
      await login(user.username, user.password),
      await login(user.username, 'wrong-password!'),
      await register('redis_down_ben'),
      await places(user.auth),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 201, 200]);
    expect(await health()).toEqual({ status: 200, body: { status: 'degraded', database: 'ok', redis: 'down' } });

    // Back: the client reconnects by itself and health says so.
    await redis.restart();
    while ((await health()).body.redis !== 'ok') await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', redis: 'ok' } });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('keeps counting limits per process while Redis is down: the 61st place search a minute is 429', async () => {
    const user = await t.register('redis_down_cy');
    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await places(user.auth, '10.77.1.1')).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  // A hung Redis (stopped, its connections open) answers nothing: before, every limited request
  // waited on it for ever; now a command gives up after a fraction of a second and the limiter
  // leaves Redis alone for a few seconds, so the requests are answered.
  it('answers while Redis hangs', async () => {
    const user = await t.register('redis_down_dee');
    redis.pause();
    const answers = await Promise.all([login(user.username, user.password, '10.77.2.1'), register('redis_down_eve', '10.77.2.2'), places(user.auth, '10.77.2.3')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 201, 200]);
    const report = await health();
    expect(report).toEqual({ status: 200, body: { status: 'degraded', database: 'ok', redis: 'down' } });
  });
});
