import { ADMIN_MESSAGES, type AdminUser, type Invite, type MapResponse, type Pin } from '@memory-map/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { filesUnder } from '../../../test/fixtures/db-search.ts';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory } from '../../../test/fixtures/memories.ts';
import { withCells } from '../map-cells/pin-cells.repository.ts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.register('ada');
  member = await t.register('max');
});
afterEach(async () => t.close());

function signUp(username: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username}@example.test`, password: 'secret!1', confirmPassword: 'secret!1', ...extra },
  });
}

async function setMode(registration: string) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.auth, payload: { registration } });
  expect(res.statusCode).toBe(200);
}

async function makeInvite(payload: Record<string, number> = {}): Promise<Invite> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/invites', headers: admin.auth, payload });
  expect(res.statusCode).toBe(201);
  return res.json() as Invite;
}

async function userCount(): Promise<number> {
  const row = await t.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the first account', () => {
  it('is the admin, and only it', () => {
    expect(admin.user.isAdmin).toBe(true);
    expect(member.user.isAdmin).toBe(false);
  });

  it('may be made on an empty server whatever the sign-up mode', async () => {
    const empty = await createTestApp({ REGISTRATION: 'closed' });
    try {
      const first = await empty.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'owner', email: 'owner@example.test', password: 'secret!1', confirmPassword: 'secret!1' },
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().user.isAdmin).toBe(true);
      const second = await empty.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'guest', email: 'guest@example.test', password: 'secret!1', confirmPassword: 'secret!1' },
      });
      expect(second.statusCode).toBe(403);
      expect(second.json()).toEqual({ error: ADMIN_MESSAGES.signupsClosed });
    } finally {
      await empty.close();
    }
  });
});

describe('admin routes', () => {
  const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: (id: string) => string; payload?: object }> = [
    { method: 'GET', url: () => '/api/admin/users' },
    { method: 'PATCH', url: (id) => `/api/admin/users/${id}`, payload: { disabled: true } },
    { method: 'DELETE', url: (id) => `/api/admin/users/${id}` },
    { method: 'POST', url: (id) => `/api/admin/users/${id}/reset_link` },
    { method: 'GET', url: () => '/api/admin/stats' },
    { method: 'GET', url: () => '/api/admin/settings' },
    { method: 'PUT', url: () => '/api/admin/settings', payload: { registration: 'closed' } },
    { method: 'GET', url: () => '/api/admin/invites' },
    { method: 'POST', url: () => '/api/admin/invites', payload: {} },
    { method: 'DELETE', url: () => '/api/admin/invites/abc' },
  ];

  it('answer 403 to a member for every route, and change nothing', async () => {
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method, url: r.url(admin.id), headers: member.auth, payload: r.payload });
      expect(res.statusCode, `${r.method} ${r.url(admin.id)}`).toBe(403);
      expect(res.json()).toEqual({ error: ADMIN_MESSAGES.adminOnly });
    }
    // Even a body that would not validate gets the 403, not a 400 that tells the route's rules.
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: member.auth, payload: { registration: 'nope' } });
    expect(bad.statusCode).toBe(403);
    expect(await userCount()).toBe(2);
    const me = await t.app.inject({ url: '/api/get_user', headers: admin.auth });
    expect(me.statusCode).toBe(200);
    const settings = await t.app.inject({ url: '/api/admin/settings', headers: admin.auth });
    expect(settings.json()).toEqual({ registration: 'open' });
  });

  it('answer 401 without a session', async () => {
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method, url: r.url(admin.id), payload: r.payload });
      expect(res.statusCode, `${r.method} ${r.url(admin.id)}`).toBe(401);
    }
  });

  it('list users with their memories, storage and last visit, searched by name or e-mail', async () => {
    await createMemory(t, member, { visibility: '3' });
    await createMemory(t, member, { visibility: '1' });
    const res = await t.app.inject({ url: '/api/admin/users?q=MAX', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const [max] = res.json() as AdminUser[];
    expect(res.json()).toHaveLength(1);
    expect(max).toMatchObject({ _id: member.id, username: 'max', email: 'max@example.test', memories: 2, disabled: false, isAdmin: false, storageBytes: 0 });
    expect(Date.parse(max!.lastSeenAt!)).toBeGreaterThan(Date.now() - 60_000);
    const byMail = await t.app.inject({ url: '/api/admin/users?q=ada%40example', headers: admin.auth });
    expect((byMail.json() as AdminUser[]).map((u) => u.username)).toEqual(['ada']);
    const page = await t.app.inject({ url: '/api/admin/users?limit=1', headers: admin.auth });
    expect((page.json() as AdminUser[]).map((u) => u.username)).toEqual(['ada']);
    expect(page.headers.link).toBe('</api/admin/users?limit=1&after=ada>; rel="next"');
  });

  it("count every file of a member's photos in their storage: the photo, its thumbnail and its display size", async () => {
    await createMemory(t, member, { title: 'Wide' }, await makePhoto({ width: 1600, height: 1200 }));
    const files = await filesUnder(t.config.mediaDir);
    expect(files.filter((f) => f.startsWith('pins/'))).toHaveLength(3);
    const bytes = (await Promise.all(files.map((f) => stat(path.join(t.config.mediaDir, f))))).reduce((sum, s) => sum + s.size, 0);
    const [max] = (await t.app.inject({ url: '/api/admin/users?q=max', headers: admin.auth })).json() as AdminUser[];
    expect(max!.storageBytes).toBe(bytes);
  });

  it('give stats of the whole server', async () => {
    await createMemory(t, member);
    const res = await t.app.inject({ url: '/api/admin/stats', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ users: 2, memories: 1, photos: 0, version: expect.any(String) });
  });

  it('never leave the server without an admin', async () => {
    const demote = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.id}`, headers: admin.auth, payload: { isAdmin: false } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ error: ADMIN_MESSAGES.lastAdmin });
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${admin.id}`, headers: admin.auth });
    expect(remove.statusCode).toBe(409);
    const promote = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${member.id}`, headers: admin.auth, payload: { isAdmin: true } });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ _id: member.id, isAdmin: true });
    // With two admins, one may step down; the other then is the last.
    const stepDown = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.id}`, headers: admin.auth, payload: { isAdmin: false } });
    expect(stepDown.statusCode).toBe(200);
    const stillAdmin = await t.app.inject({ url: '/api/admin/stats', headers: admin.auth });
    expect(stillAdmin.statusCode).toBe(403);
    const last = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${member.id}`, headers: member.auth });
    expect(last.statusCode).toBe(409);
  });

  it('delete an account with everything it owns', async () => {
    await createMemory(t, member, { visibility: '3' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${member.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(await userCount()).toBe(1);
    const gone = await t.app.inject({ url: '/api/get_user', headers: member.auth });
    expect(gone.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${member.id}`, headers: admin.auth });
    expect(again.statusCode).toBe(404);
  });
});

describe('sign-up modes and invites', () => {
  it('closed: 403 "Sign-ups are closed" and nothing is made, invite or not', async () => {
    const invite = await makeInvite();
    await setMode('closed');
    for (const extra of [{}, { inviteCode: invite.code }] as Array<Record<string, string>>) {
      const res = await signUp('carla', extra);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ADMIN_MESSAGES.signupsClosed });
    }
    expect(await userCount()).toBe(2);
  });

  it('closed: a taken username is not revealed either', async () => {
    await setMode('closed');
    const res = await signUp('max');
    expect(res.json()).toEqual({ error: ADMIN_MESSAGES.signupsClosed });
  });

  it('invite: a code with uses left lets exactly that many people in', async () => {
    await setMode('invite');
    const invite = await makeInvite({ uses: 2, expiresInDays: 3 });
    expect(invite.url).toMatch(new RegExp(`/register\\?invite=${invite.code}$`));
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);

    const none = await signUp('nocode');
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ error: ADMIN_MESSAGES.inviteInvalid });
    const wrong = await signUp('wrong', { inviteCode: 'not-a-code' });
    expect(wrong.json()).toEqual({ error: ADMIN_MESSAGES.inviteInvalid });

    expect((await signUp('first', { inviteCode: invite.code })).statusCode).toBe(201);
    // A sign-up that fails after the invite was checked gives its use back.
    expect((await signUp('first', { inviteCode: invite.code })).statusCode).toBe(409);
    expect((await signUp('second', { inviteCode: invite.code })).statusCode).toBe(201);
    const third = await signUp('third', { inviteCode: invite.code });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ error: ADMIN_MESSAGES.inviteInvalid });
    expect(await userCount()).toBe(4);
    // Spent invites leave the list.
    const list = await t.app.inject({ url: '/api/admin/invites', headers: admin.auth });
    expect(list.json()).toEqual([]);
  });

  it('invite: an expired or revoked code is refused', async () => {
    await setMode('invite');
    const expired = await makeInvite();
    await t.db.kysely.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('code', '=', expired.code).execute();
    const late = await signUp('late', { inviteCode: expired.code });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: ADMIN_MESSAGES.inviteInvalid });

    const revoked = await makeInvite();
    const listed = await t.app.inject({ url: '/api/admin/invites', headers: admin.auth });
    expect((listed.json() as Invite[]).map((i) => i.code)).toEqual([revoked.code]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/invites/${revoked.code}`, headers: admin.auth });
    expect(del.statusCode).toBe(204);
    const after = await signUp('after', { inviteCode: revoked.code });
    expect(after.json()).toEqual({ error: ADMIN_MESSAGES.inviteInvalid });
    expect(await userCount()).toBe(2);
  });

  it('REGISTRATION gives the default, and the admin setting wins', async () => {
    const other = await createTestApp({ REGISTRATION: 'invite' });
    try {
      const owner = await other.register('owner');
      const settings = await other.app.inject({ url: '/api/admin/settings', headers: owner.auth });
      expect(settings.json()).toEqual({ registration: 'invite' });
      const info = await other.app.inject({ url: '/api/signup-info' });
      expect(info.json()).toEqual({ registration: 'invite', resetByEmail: false });
      await other.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: owner.auth, payload: { registration: 'open' } });
      expect((await other.register('guest')).user.isAdmin).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('refuses invites and settings outside the rules, with the rule', async () => {
    const uses = await t.app.inject({ method: 'POST', url: '/api/admin/invites', headers: admin.auth, payload: { uses: 101 } });
    expect(uses.json()).toEqual({ error: ADMIN_MESSAGES.inviteUses });
    const days = await t.app.inject({ method: 'POST', url: '/api/admin/invites', headers: admin.auth, payload: { expiresInDays: 0 } });
    expect(days.json()).toEqual({ error: ADMIN_MESSAGES.inviteDays });
    const mode = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.auth, payload: { registration: 'maybe' } });
    expect(mode.statusCode).toBe(400);
    expect(mode.json()).toEqual({ error: ADMIN_MESSAGES.registration });
  });
});

describe('a disabled account', () => {
  async function setDisabled(user: TestUser, disabled: boolean) {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: admin.auth, payload: { disabled } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ disabled });
  }

  const box = 'bbox=-1,51,1,52';
  async function seen(viewer: TestUser) {
    const feed = (await t.app.inject({ url: '/api/query_feed?limit=50', headers: viewer.auth })).json() as Pin[];
    const plain = (await t.app.inject({ url: `/api/query_map_pins?${box}`, headers: viewer.auth })).json() as Pin[];
    const far = (await t.app.inject({ url: `/api/query_map_pins?${box}&zoom=3`, headers: viewer.auth })).json() as MapResponse;
    const near = (await t.app.inject({ url: `/api/query_map_pins?${box}&zoom=16`, headers: viewer.auth })).json() as MapResponse;
    const search = (await t.app.inject({ url: '/api/search?q=picnic', headers: viewer.auth })).json() as Pin[];
    const count = (m: MapResponse) => m.items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0);
    return { feed: feed.length, plain: plain.length, far: count(far), near: count(near), search: search.length };
  }

  it('cannot sign in, loses its sessions at once, and its memories vanish for others until enabled', async () => {
    const friend = await t.register('fay');
    await t.befriend(member, friend);
    for (let i = 0; i < 3; i++) await createMemory(t, member, { visibility: '3', latitude: String(51.5 + i * 0.0001) });
    await createMemory(t, member, { visibility: '2' });
    const all = { feed: 4, plain: 4, far: 4, near: 4, search: 4 };
    const publicOnly = { feed: 3, plain: 3, far: 3, near: 3, search: 3 };
    const none = { feed: 0, plain: 0, far: 0, near: 0, search: 0 };
    // Read first, so the read cache holds the answers that must not be served afterwards.
    expect(await seen(friend)).toEqual(all);
    expect(await seen(admin)).toEqual(publicOnly);

    await setDisabled(member, true);
    expect((await t.app.inject({ url: '/api/get_user', headers: member.auth })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'max', password: member.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: ADMIN_MESSAGES.accountDisabled });
    // A wrong password says nothing of the account's state.
    const guess = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'max', password: 'wrong!1' } });
    expect(guess.statusCode).toBe(401);
    expect(await seen(friend)).toEqual(none);
    expect(await seen(admin)).toEqual(none);

    await setDisabled(member, false);
    expect(await seen(friend)).toEqual(all);
    expect(await seen(admin)).toEqual(publicOnly);
    const back = await t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: 'max', password: member.password } });
    expect(back.statusCode).toBe(200);
  });

  it('is not the admin themself', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.id}`, headers: admin.auth, payload: { disabled: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ADMIN_MESSAGES.notYourself });
  });

  it('can be deleted while disabled, leaving the public map cells right', async () => {
    await createMemory(t, member, { visibility: '3' });
    await createMemory(t, admin, { visibility: '3', latitude: '51.6' });
    await setDisabled(member, true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${member.id}`, headers: admin.auth })).statusCode).toBe(204);
    const cells = await withCells(t.db.kysely).selectFrom('pin_cells').select(['level', 'count']).where('level', '=', 0).execute();
    expect(cells.map((c) => Number(c.count))).toEqual([1]);
  });
});
