import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './helpers.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.register('robust_alice');
  bob = await t.register('robust_bob');
});
afterAll(() => t.close());

describe('bad input is a clear 400 (never a 500) on both databases', () => {
  it('refuses a NUL character in JSON, query strings and forms', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'a\u0000b', password: 'x!xxxxx' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ error: 'Text must not contain invalid characters' });
    const search = await t.app.inject({ method: 'GET', url: '/api/query_all_users?q=a%00b', headers: alice.auth });
    expect(search.statusCode).toBe(400);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/create',
      headers: alice.auth,
      payload: { title: 'a\u0000b', description: 'd', latitude: 1, longitude: 2 },
    });
    expect(create.statusCode).toBe(400);
    const feed = await t.app.inject({ method: 'GET', url: '/api/query_feed', headers: alice.auth });
    expect(feed.json()).toEqual([]);
  });

  it('refuses a NUL character in multipart fields too, and changes nothing', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'a\u0000b', description: 'd', latitude: '1', longitude: '2', visibility: '1' })) form.append(k, v);
    const create = await t.app.inject({ method: 'POST', url: '/api/create', headers: alice.auth, payload: form });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({ error: 'Text must not contain invalid characters' });

    const update = new FormData();
    update.append('newUsername', bob.username);
    update.append('newPassword', 'nul!pass\u0000word');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_user',
      headers: bob.auth,
      payload: update,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Text must not contain invalid characters' });
    // The password is unchanged: bob still logs in with his own.
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: bob.username, password: bob.password } });
    expect(login.statusCode).toBe(200);
    const feed = await t.app.inject({ method: 'GET', url: '/api/query_feed', headers: alice.auth });
    expect(feed.json()).toEqual([]);
  });

  it('names the body when it is not a JSON object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/send_request', headers: alice.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body must be a JSON object' });
  });

  it('treats an over-long user id as unknown (404, our error shape)', async () => {
    for (const id of ['x'.repeat(65), 'x'.repeat(300)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/get_user/${id}`, headers: alice.auth });
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.json())).toEqual(['error']);
    }
  });

  it('says a JSON body is too large, not a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create',
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 't', description: 'x'.repeat(2 * 1024 * 1024), latitude: 1, longitude: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request is too large (at most 1 MB of JSON)' });
  });
});

describe('the session cookie follows the session', () => {
  it('is set again when the app loads the signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: bob.auth });
    const cookie = res.cookies.find((c) => c.name === 'mm_session');
    expect(cookie?.value).toBe(bob.token);
    expect(cookie?.maxAge).toBe(30 * 86_400);
  });
});

describe('editing a memory after unfriending', () => {
  it('keeps an existing tag of an ex-friend, but refuses adding a non-friend', async () => {
    const a = await t.register('tagger_a');
    const b = await t.register('tagger_b');
    const c = await t.register('tagger_c');
    await t.befriend(a, b);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create',
      headers: a.auth,
      payload: { title: 'Walk', description: 'Along the river', latitude: 1, longitude: 2, visibility: '3', tags: JSON.stringify([b.id]) },
    });
    expect(created.statusCode).toBe(201);
    const pinId = created.json().id;
    const unfriend = await t.app.inject({ method: 'DELETE', url: '/api/delete_friend', headers: b.auth, payload: { userId: a.id } });
    expect(unfriend.statusCode).toBe(200);
    const edit = (tags: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/update_pin',
        headers: a.auth,
        payload: { pinId, title: 'Walk (fixed typo)', description: 'Along the river', visibility: '3', tags: JSON.stringify(tags) },
      });
    const kept = await edit([b.id]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().tags).toEqual([b.id]);
    const added = await edit([b.id, c.id]);
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ error: 'You can only tag your friends' });
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Sends raw bytes to a listening app and returns the raw answer (inject() skips the parser). */
  async function rawExchange(request: string): Promise<string> {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(request);
    await new Promise((resolve) => socket.on('close', resolve));
    return answer;
  }

  it('answers an over-long address with 431 in our error shape', async () => {
    const answer = await rawExchange(`GET /api/query_feed?before=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request address or headers are too long' });
  });
});
