import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp, type TestUser } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AVATAR = '/media/default-avatar.svg';
type Listed = { _id: string; username: string; profilePicture: string; email?: string };

const get = (url: string, who: TestUser) => t.app.inject({ method: 'GET', url, headers: who.auth });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username, password } });

/** Parses `</path?query>; rel="next"` into the path, or undefined when there is no next page. */
function nextUrl(link: string | string[] | number | undefined): string | undefined {
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  expect(match, `Link header ${String(link)}`).not.toBeNull();
  return match![1];
}

describe('who sees whose e-mail (docs/design.md §6)', () => {
  // viewer ↔ friend are friends; viewer → target has a request from viewer; requester → viewer
  // sent viewer a request; stranger has nothing to do with viewer.
  let viewer: TestUser, friend: TestUser, target: TestUser, requester: TestUser, stranger: TestUser;

  beforeAll(async () => {
    viewer = await t.register('mx_viewer');
    friend = await t.register('mx_friend');
    target = await t.register('mx_target');
    requester = await t.register('mx_requester');
    stranger = await t.register('mx_stranger');
    await t.befriend(viewer, friend);
    expect((await t.app.inject({ method: 'POST', url: '/api/send_request', headers: viewer.auth, payload: { userId: target.id } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/send_request', headers: requester.auth, payload: { userId: viewer.id } })).statusCode).toBe(200);
  });

  const emailVia = async (who: TestUser, other: TestUser) => {
    const res = await get(`/api/get_user/${other.id}`, who);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Listed;
    expect(body).toMatchObject({ _id: other.id, username: other.username, profilePicture: AVATAR });
    return body.email;
  };

  it('get_user/:id: self, friend and whoever sent the viewer a request show it; target and stranger do not', async () => {
    expect(await emailVia(viewer, viewer)).toBe(viewer.email);
    expect(await emailVia(viewer, friend)).toBe(friend.email);
    expect(await emailVia(viewer, requester)).toBe(requester.email);
    // Sending a request shares your own e-mail with its recipient, never theirs with you:
    // otherwise anyone could collect every address by sending requests.
    expect(await emailVia(viewer, target)).toBeUndefined();
    expect(await emailVia(viewer, stranger)).toBeUndefined();
    // The other way round.
    expect(await emailVia(target, viewer)).toBe(viewer.email);
    expect(await emailVia(friend, viewer)).toBe(viewer.email);
    expect(await emailVia(requester, viewer)).toBeUndefined();
    expect(await emailVia(stranger, viewer)).toBeUndefined();
  });

  it('query_all_users: the same rule per row, and the viewer is not listed', async () => {
    const res = await get('/api/query_all_users?q=mx_', viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: friend.id, username: 'mx_friend', profilePicture: AVATAR, email: friend.email },
      { _id: requester.id, username: 'mx_requester', profilePicture: AVATAR, email: requester.email },
      { _id: stranger.id, username: 'mx_stranger', profilePicture: AVATAR },
      { _id: target.id, username: 'mx_target', profilePicture: AVATAR },
    ]);
    const fromTarget = (await get('/api/query_all_users?q=mx_', target)).json() as Listed[];
    expect(fromTarget.find((u) => u._id === viewer.id)?.email).toBe(viewer.email);
    expect(fromTarget.find((u) => u._id === friend.id)).not.toHaveProperty('email');
    const fromStranger = (await get('/api/query_all_users?q=mx_', stranger)).json() as Listed[];
    expect(fromStranger.every((u) => u.email === undefined)).toBe(true);
    expect(fromStranger).toHaveLength(4);
  });

  it('query_friends shows friends with e-mail; pending_requests shows requesters with e-mail', async () => {
    expect((await get('/api/query_friends', viewer)).json()).toEqual([
      { _id: friend.id, username: 'mx_friend', profilePicture: AVATAR, email: friend.email },
    ]);
    expect((await get('/api/pending_requests', viewer)).json()).toEqual({
      pendingRequests: [{ _id: requester.id, username: 'mx_requester', profilePicture: AVATAR, email: requester.email }],
    });
    expect((await get('/api/pending_requests', target)).json()).toEqual({
      pendingRequests: [{ _id: viewer.id, username: 'mx_viewer', profilePicture: AVATAR, email: viewer.email }],
    });
    expect((await get('/api/query_friends', stranger)).json()).toEqual([]);
  });

  it('get_user/:id answers 404 for unknown and malformed ids', async () => {
    for (const id of ['01900000-0000-7000-8000-000000000000', 'nope', '%27%20OR%201%3D1']) {
      const res = await get(`/api/get_user/${id}`, viewer);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found' });
    }
  });
});

describe('GET /api/query_all_users', () => {
  let lt: TestApp;
  let me: TestUser;
  const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'a_b', 'axb', 'echo.x', 'foxtrot-1'];
  const users: Record<string, TestUser> = {};

  beforeAll(async () => {
    lt = await createTestApp();
    me = await lt.register('zz_me');
    for (const name of names) users[name] = await lt.register(name);
  });
  afterAll(() => lt.close());

  const list = (query: string, who: TestUser = me) =>
    lt.app.inject({ method: 'GET', url: `/api/query_all_users${query}`, headers: who.auth });
  const usernames = (res: { json(): unknown }) => (res.json() as Listed[]).map((u) => u.username);

  it('lists everyone else by username, ignoring case, without a Link when all fit', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(usernames(res)).toEqual(['a_b', 'Alpha', 'axb', 'Bravo', 'charlie', 'delta', 'echo.x', 'foxtrot-1']);
    expect(res.headers.link).toBeUndefined();
  });

  it('filters by a case-insensitive substring of the username', async () => {
    expect(usernames(await list('?q=ALP'))).toEqual(['Alpha']);
    expect(usernames(await list('?q=h'))).toEqual(['Alpha', 'charlie', 'echo.x']);
    expect(usernames(await list('?q=%20%20rav%20'))).toEqual(['Bravo']);
    expect(usernames(await list('?q=nobody'))).toEqual([]);
    // An empty q is no filter.
    expect(usernames(await list('?q='))).toHaveLength(8);
  });

  it('treats LIKE wildcards and the escape character in q literally', async () => {
    expect(usernames(await list('?q=_'))).toEqual(['a_b']);
    expect(usernames(await list('?q=a_b'))).toEqual(['a_b']);
    expect(usernames(await list('?q=%25'))).toEqual([]);
    expect(usernames(await list('?q=a%25b'))).toEqual([]);
    expect(usernames(await list('?q=%5C'))).toEqual([]);
    expect(usernames(await list('?q=.'))).toEqual(['echo.x']);
  });

  it('pages with limit and a Link to the next page until the end', async () => {
    const seen: string[] = [];
    let url: string | undefined = '/api/query_all_users?limit=3';
    let pages = 0;
    while (url) {
      const res = await lt.app.inject({ method: 'GET', url, headers: me.auth });
      expect(res.statusCode).toBe(200);
      const page = usernames(res);
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page);
      url = nextUrl(res.headers.link);
      pages += 1;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['a_b', 'Alpha', 'axb', 'Bravo', 'charlie', 'delta', 'echo.x', 'foxtrot-1']);
  });

  it('keeps q in the next link and gives no Link when the last page is exactly full', async () => {
    const first = await list('?q=A&limit=2');
    expect(usernames(first)).toEqual(['a_b', 'Alpha']);
    const next = nextUrl(first.headers.link);
    expect(next).toBe('/api/query_all_users?q=A&limit=2&after=alpha');
    const second = await lt.app.inject({ method: 'GET', url: next!, headers: me.auth });
    expect(usernames(second)).toEqual(['axb', 'Bravo']);
    const third = await lt.app.inject({ method: 'GET', url: nextUrl(second.headers.link)!, headers: me.auth });
    expect(usernames(third)).toEqual(['charlie', 'delta']);
    expect(third.headers.link).toBeUndefined();
  });

  it('refuses limits outside 1–1000 with 400', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=1001', 'limit must be at most 1000'],
      ['?limit=abc', 'limit must be a number'],
      ['?limit=2.5', 'limit must be a whole number'],
      [`?q=${'x'.repeat(31)}`, 'q must be at most 30 characters'],
    ]) {
      const res = await list(query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    expect((await list('?limit=1000')).statusCode).toBe(200);
  });

  it('gives a client that sends no limit (the spec\'s) everyone in one answer, and pages a client that asks', async () => {
    const many = await createTestApp();
    try {
      const viewer = await many.register('viewer');
      const rows = Array.from({ length: 55 }, (_, i) => {
        const name = `bulk${String(i).padStart(2, '0')}`;
        return {
          id: `01900000-0000-7000-8000-0000000000${String(i).padStart(2, '0')}`,
          username: name,
          username_lower: name,
          email: `${name}@example.test`,
          email_lower: `${name}@example.test`,
          password_hash: 'x',
          profile_picture: null,
          first_name: null,
          last_name: null,
          created_at: new Date().toISOString(),
        };
      });
      await many.db.kysely.insertInto('users').values(rows).execute();
      const all = await many.app.inject({ method: 'GET', url: '/api/query_all_users', headers: viewer.auth });
      expect((all.json() as Listed[]).length).toBe(55);
      expect(all.headers.link).toBeUndefined();
      const res = await many.app.inject({ method: 'GET', url: '/api/query_all_users?limit=50', headers: viewer.auth });
      expect((res.json() as Listed[]).length).toBe(50);
      expect(nextUrl(res.headers.link)).toBe('/api/query_all_users?limit=50&after=bulk49');
      const rest = await many.app.inject({ method: 'GET', url: nextUrl(res.headers.link)!, headers: viewer.auth });
      expect(usernames(rest)).toEqual(['bulk50', 'bulk51', 'bulk52', 'bulk53', 'bulk54']);
      expect(rest.headers.link).toBeUndefined();
    } finally {
      await many.close();
    }
  });

  it('needs a token', async () => {
    const res = await lt.app.inject({ method: 'GET', url: '/api/query_all_users' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/update_user', () => {
  const update = (who: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/update_user', headers: who.auth, payload });

  it('changes the username and answers with the self user', async () => {
    const u = await t.register('rename_me');
    const res = await update(u, { newUsername: 'renamed_one' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: u.id, username: 'renamed_one', email: u.email, friends: [] });
    expect((await get('/api/get_user', u)).json().username).toBe('renamed_one');
    // The old password still works under the new name; the old name is free again.
    expect((await login('renamed_one', u.password)).statusCode).toBe(200);
    expect((await login('rename_me', u.password)).statusCode).toBe(401);
  });

  it('allows a change of case only, and an empty newPassword keeps the password', async () => {
    const u = await t.register('casey');
    const res = await update(u, { newUsername: 'CaseY', newPassword: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('CaseY');
    expect((await login('casey', u.password)).statusCode).toBe(200);
  });

  it('refuses a username someone else has, in any case, with 409', async () => {
    await t.register('taken_name');
    const u = await t.register('wants_name');
    const res = await update(u, { newUsername: 'TAKEN_name' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Username already taken' });
    expect((await get('/api/get_user', u)).json().username).toBe('wants_name');
  });

  it.each([
    [{}, 'Username cannot be empty'],
    [{ newUsername: '   ' }, 'Username cannot be empty'],
    [{ newUsername: 'ab' }, 'Username must be 3–30 characters: letters, digits, _ . or -'],
    [{ newUsername: 'has space' }, 'Username must be 3–30 characters: letters, digits, _ . or -'],
    [{ newUsername: 'fine_name', newPassword: 'abc!' }, 'Password must be at least 6 characters long'],
    [{ newUsername: 'fine_name', newPassword: 'abcdefgh' }, 'Password must contain at least one special character'],
    [{ newUsername: 'fine_name', newPassword: 'x!'.repeat(65) }, 'Password must be at most 128 characters long'],
    [{ newUsername: 'fine_name', newPassword: 12345678 }, 'New password must be text'],
    [{ newUsername: 123 }, 'Username must be text'],
  ])('refuses %j with 400 and the rule', async (payload, message) => {
    const u = await t.register();
    const res = await update(u, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect((await get('/api/get_user', u)).json().username).toBe(u.username);
  });

  it('a new password ends the other sessions but not this one; the old password stops working', async () => {
    const u = await t.register('pw_changer');
    const other = await login('pw_changer', u.password);
    expect(other.statusCode).toBe(200);
    const otherAuth = { authorization: `Bearer ${other.json().token}` };
    const otherCookie = sessionCookie(other);
    expect((await t.app.inject({ method: 'GET', url: '/api/get_user', headers: otherAuth })).statusCode).toBe(200);

    const res = await update(u, { newUsername: 'pw_changer', newPassword: 'brand-new!1' });
    expect(res.statusCode).toBe(200);

    const stale = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: otherAuth });
    expect(stale.statusCode).toBe(401);
    // The cookie of the ended session is dead too.
    const staleCookie = await t.app.inject({
      method: 'PUT',
      url: '/update_user',
      headers: { cookie: otherCookie, 'sec-fetch-site': 'same-origin' },
      payload: { userId: u.id, firstName: 'A', lastName: 'B' },
    });
    expect(staleCookie.statusCode).toBe(401);
    expect((await get('/api/get_user', u)).statusCode).toBe(200);

    const oldPw = await login('pw_changer', u.password);
    expect(oldPw.statusCode).toBe(401);
    expect(oldPw.json()).toEqual({ error: 'Invalid username or password' });
    expect((await login('pw_changer', 'brand-new!1')).statusCode).toBe(200);
  });

  it('without a new password keeps the other sessions', async () => {
    const u = await t.register('keeps_sessions');
    const other = await login('keeps_sessions', u.password);
    expect((await update(u, { newUsername: 'keeps_sessions2' })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/get_user',
      headers: { authorization: `Bearer ${other.json().token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('accepts multipart form data, as the client may send it', async () => {
    const u = await t.register('multi_part');
    const boundary = '----mmtest';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="newUsername"\r\n\r\nmulti_renamed\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="newPassword"\r\n\r\nmulti-pass!9\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_user',
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('multi_renamed');
    expect((await login('multi_renamed', 'multi-pass!9')).statusCode).toBe(200);

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/update_user',
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="newUsername"\r\n\r\nx y\r\n--${boundary}--\r\n`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Username must be 3–30 characters: letters, digits, _ . or -' });
  });

  it('answers a broken multipart body with 400, not 500', async () => {
    const u = await t.register();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update_user',
      headers: { ...u.auth, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="newUsername"\r\n\r\nhalf',
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs a token (the cookie is not enough)', async () => {
    const u = await t.register();
    const none = await t.app.inject({ method: 'PUT', url: '/api/update_user', payload: { newUsername: 'zzz_new' } });
    expect(none.statusCode).toBe(401);
    const cookie = await t.app.inject({
      method: 'PUT',
      url: '/api/update_user',
      headers: { cookie: u.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { newUsername: 'zzz_new' },
    });
    expect(cookie.statusCode).toBe(401);
  });
});

describe('PUT /update_user (cookie session only)', () => {
  const names = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/update_user', headers, payload });

  it('updates first and last name with the cookie and a same-origin Origin', async () => {
    const u = await t.register();
    const res = await names(
      // The request arrives over plain http (no TLS, no trusted proxy): that is its origin's scheme.
      { cookie: u.cookie, host: 'memories.example', origin: 'http://memories.example' },
      { userId: u.id, firstName: ' Ada ', lastName: 'Lovelace' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: u.id, firstName: 'Ada', lastName: 'Lovelace' });
    expect((await get('/api/get_user', u)).json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('accepts Sec-Fetch-Site: same-origin in place of Origin', async () => {
    const u = await t.register();
    const res = await names({ cookie: u.cookie, 'sec-fetch-site': 'same-origin' }, { userId: u.id, firstName: 'G', lastName: 'H' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cookie without a same-origin Origin with 403, and changes nothing', async () => {
    const u = await t.register();
    const attempts: Record<string, string>[] = [
      { cookie: u.cookie },
      { cookie: u.cookie, host: 'memories.example', origin: 'https://evil.example' },
      { cookie: u.cookie, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const res = await names(headers, { userId: u.id, firstName: 'Mallory', lastName: 'X' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'This request must come from the Memory Map app' });
    }
    expect((await get('/api/get_user', u)).json().firstName).toBeNull();
  });

  it('refuses a Bearer token without the cookie with 401', async () => {
    const u = await t.register();
    const res = await names({ ...u.auth, 'sec-fetch-site': 'same-origin' }, { userId: u.id, firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(401);
    expect((await get('/api/get_user', u)).json().firstName).toBeNull();
  });

  it("refuses someone else's userId with 403", async () => {
    const u = await t.register();
    const victim = await t.register();
    const res = await names({ cookie: u.cookie, 'sec-fetch-site': 'same-origin' }, { userId: victim.id, firstName: 'Pwned', lastName: 'X' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only update your own profile' });
    expect((await get('/api/get_user', victim)).json().firstName).toBeNull();
  });

  it.each([
    [{ firstName: 'A', lastName: 'B' }, 'User ID is required'],
    [{ userId: 'SELF', firstName: '', lastName: 'B' }, 'First name is required'],
    [{ userId: 'SELF', firstName: 'A', lastName: '  ' }, 'Last name is required'],
    [{ userId: 'SELF', firstName: 'x'.repeat(51), lastName: 'B' }, 'First name must be at most 50 characters'],
    [{ userId: 'SELF', firstName: 'A', lastName: 'y'.repeat(51) }, 'Last name must be at most 50 characters'],
  ] as [Record<string, string>, string][])('refuses %j with 400 and the rule', async (payload, message) => {
    const u = await t.register();
    const body = { ...payload, ...(payload.userId ? { userId: u.id } : {}) };
    const res = await names({ cookie: u.cookie, 'sec-fetch-site': 'same-origin' }, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('takes exactly 50 characters', async () => {
    const u = await t.register();
    const res = await names(
      { cookie: u.cookie, 'sec-fetch-site': 'same-origin' },
      { userId: u.id, firstName: 'x'.repeat(50), lastName: 'y' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.firstName).toHaveLength(50);
  });
});

describe('OpenAPI', () => {
  it('documents the users and friends calls from their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    for (const [route, method] of [
      ['/api/query_all_users', 'get'],
      ['/api/query_friends', 'get'],
      ['/api/send_request', 'post'],
      ['/api/pending_requests', 'get'],
      ['/api/accept_request', 'post'],
      ['/api/reject_request', 'post'],
      ['/api/delete_friend', 'delete'],
      ['/api/update_user', 'put'],
      ['/api/profile/upload-profile-picture', 'post'],
      ['/update_user', 'put'],
    ]) {
      expect(paths[route!]?.[method!], `${method} ${route}`).toBeDefined();
    }
    expect(JSON.stringify(paths['/api/query_all_users'])).toContain('"limit"');
  });
});
