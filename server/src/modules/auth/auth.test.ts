import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../test/helpers.ts';
import { deleteExpiredSessions, hashToken } from '../sessions/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>, ip = '10.9.9.9') =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: ip });

describe('POST /api/register', () => {
  it('creates the account, returns token and user, and sets an HttpOnly strict cookie', async () => {
    const res = await register({ username: 'Alice', email: 'alice@example.com', password: 'secret!1', confirmPassword: 'secret!1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({
      username: 'Alice',
      email: 'alice@example.com',
      profilePicture: '/media/default-avatar.svg',
      friends: [],
      friendRequests: { sent: [], received: [] },
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'mm_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  });

  it.each([
    [{ username: 'bob', email: 'b@example.com', password: 'secret!1' }, 'Please fill out all fields.'],
    [{ username: 'bob', email: 'b@example.com', password: 'ab!', confirmPassword: 'ab!' }, 'Password must be at least 6 characters long'],
    [{ username: 'bob', email: 'b@example.com', password: 'abcdefg', confirmPassword: 'abcdefg' }, 'Password must contain at least one special character'],
    [{ username: 'bob', email: 'b@example.com', password: 'secret!1', confirmPassword: 'secret!2' }, 'Passwords do not match.'],
    [{ username: 'b', email: 'b@example.com', password: 'secret!1', confirmPassword: 'secret!1' }, 'Username must be 3–30 characters: letters, digits, _ . or -'],
    [{ username: 'bob bob', email: 'b@example.com', password: 'secret!1', confirmPassword: 'secret!1' }, 'Username must be 3–30 characters: letters, digits, _ . or -'],
    [{ username: 'bob', email: 'not-an-email', password: 'secret!1', confirmPassword: 'secret!1' }, 'Email must be a valid e-mail address'],
    [{ username: 'bob', email: 'b@example.com', password: 'x!'.repeat(65), confirmPassword: 'x!'.repeat(65) }, 'Password must be at most 128 characters long'],
    [{ username: 12345, email: 'b@example.com', password: 'secret!1', confirmPassword: 'secret!1' }, 'Username must be text'],
    [{ username: 'bob', email: ['b@example.com'], password: 'secret!1', confirmPassword: 'secret!1' }, 'Email must be text'],
  ])('rejects %j with 400 and a message naming the rule', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('refuses a taken username or e-mail, case-insensitively, with 409', async () => {
    const a = await register({ username: 'carol', email: 'carol@example.com', password: 'secret!1', confirmPassword: 'secret!1' });
    expect(a.statusCode).toBe(201);
    const sameName = await register({ username: 'CAROL', email: 'other@example.com', password: 'secret!1', confirmPassword: 'secret!1' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: 'Username already taken' });
    const sameEmail = await register({ username: 'carol2', email: 'Carol@Example.com', password: 'secret!1', confirmPassword: 'secret!1' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ error: 'Email already registered' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('answers a wrong type with 400 naming the field', async () => {
    const res = await register({ username: 42, email: 'n@example.com', password: 'secret!1', confirmPassword: 'secret!1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Username must be text');
  });
});

describe('POST /api/profile/login and /api/logout', () => {
  it('logs in with the right password (username case-insensitive) and returns the same user shape', async () => {
    const u = await t.register('dave');
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'DAVE', password: u.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(u.id);
    expect(res.json().token).not.toBe(u.token);
    expect(sessionCookie(res)).toMatch(/^mm_session=/);
  });

  it('says the same thing for a wrong password and an unknown username', async () => {
    await t.register('erin');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'erin', password: 'nope!nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'nobody-here', password: 'nope!nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('asks for both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'erin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please enter an username and password.' });
    const numbers = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 123, password: 456 } });
    expect(numbers.statusCode).toBe(400);
    expect(numbers.json()).toEqual({ error: 'Username must be text' });
  });

  const loginFrom = (ip: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/profile/login', remoteAddress: ip, payload: { username, password } });

  it('stops a guesser after 10 wrong passwords from one address, with Retry-After', async () => {
    const u = await t.register('frank');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await loginFrom('10.1.2.3', 'frank', `wrong${i}!`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await loginFrom('10.1.2.3', 'frank', u.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, somewhere else, is not locked out by the guesser.
    expect((await loginFrom('10.7.7.7', 'frank', u.password)).statusCode).toBe(200);
  });

  it("never counts the owner's successful logins against them", async () => {
    const u = await t.register('fiona');
    for (let i = 0; i < 12; i++) expect((await loginFrom(`10.2.0.${i % 2}`, 'fiona', u.password)).statusCode).toBe(200);
  });

  it('stops a guesser spread over many addresses after 100 failures per username', async () => {
    const u = await t.register('felix');
    for (let i = 0; i < 100; i++) expect((await loginFrom(`10.3.${i}.1`, 'felix', 'bad-guess!')).statusCode).toBe(401);
    expect((await loginFrom('10.4.0.1', 'felix', u.password)).statusCode).toBe(429);
  });

  it('logout revokes exactly that token', async () => {
    const u = await t.register('gina');
    const second = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'gina', password: u.password } });
    const other = { authorization: `Bearer ${second.json().token}` };
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: u.auth });
    expect(logout.statusCode).toBe(204);
    // Cleared with the attributes it was set with, or the browser keeps it.
    expect(logout.cookies.find((c) => c.name === 'mm_session')).toMatchObject({ value: '', httpOnly: true, sameSite: 'Strict', path: '/' });
    const after = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: u.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Your session has ended. Please log in again.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/get_user', headers: other })).statusCode).toBe(200);
  });

  it('refuses calls without a token or with a made-up one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/get_user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Please log in to continue' });
    const bogus = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: { authorization: 'Bearer abc' } });
    expect(bogus.statusCode).toBe(401);
  });

  it('does not accept the session cookie in place of the Bearer token on API calls', async () => {
    const u = await t.register('hank');
    const res = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits per address', () => {
  it('allows 10 sign-ups an hour from one address, then answers 429 with Retry-After and creates nothing', async () => {
    const ip = '10.50.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await register({ username: `burst${i}`, email: `burst${i}@example.test`, password: 'secret!1', confirmPassword: 'secret!1' }, ip);
      expect(res.statusCode).toBe(201);
    }
    const eleventh = await register({ username: 'burst10', email: 'burst10@example.test', password: 'secret!1', confirmPassword: 'secret!1' }, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: 'Too many attempts. Please wait a moment and try again.' });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'burst10', password: 'secret!1' } });
    expect(login.statusCode).toBe(401);
    // Another address is not affected.
    expect((await register({ username: 'burst11', email: 'burst11@example.test', password: 'secret!1', confirmPassword: 'secret!1' }, '10.50.0.2')).statusCode).toBe(201);
  });

  it('allows 30 login attempts a minute from one address, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/profile/login', remoteAddress: '10.51.0.1', payload: { username: `nobody${i}`, password: 'guess!12' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('session lifetime', () => {
  const session = (token: string) =>
    t.db.kysely.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();

  it('ends a session at its expiry: the token is refused and its row deleted', async () => {
    const u = await t.register('expiring');
    await t.db.kysely.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(u.token)).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: u.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Your session has ended. Please log in again.' });
    expect(await session(u.token)).toBeUndefined();
  });

  it('slides: a session used after an hour gets a new expiry, a full lifetime from now', async () => {
    const u = await t.register('sliding');
    const longAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    const soon = new Date(Date.now() + 3600_000).toISOString();
    await t.db.kysely.updateTable('sessions').set({ last_seen_at: longAgo, expires_at: soon }).where('token_hash', '=', hashToken(u.token)).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/get_user', headers: u.auth })).statusCode).toBe(200);
    const row = (await session(u.token))!;
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + (t.config.sessionTtlDays - 1) * 86_400_000);
    expect(Date.parse(row.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sweeps sessions that expired without being used again, and only those', async () => {
    const gone = await t.register('swept');
    const kept = await t.register('unswept');
    await t.db.kysely.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(gone.token)).execute();
    expect(await deleteExpiredSessions(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await session(gone.token)).toBeUndefined();
    expect(await session(kept.token)).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/get_user', headers: kept.auth })).statusCode).toBe(200);
  });
});

describe('system', () => {
  it('health answers when the database does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not configured' });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/register'].post.requestBody).toBeDefined();
  });

  it('unknown API routes are JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/No route/);
  });
});
