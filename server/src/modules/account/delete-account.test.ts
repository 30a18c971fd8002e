import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Pin, SelfUser } from '@memory-map/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { allTables, filesUnder, rowsMentioning } from '../../../test/fixtures/db-search.ts';
import { makePhoto } from '../../../test/fixtures/images.ts';
import { createMemory, keyOf } from '../../../test/fixtures/memories.ts';
import { PUBLIC_LEVEL } from '../access/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function deleteAccount(user: TestUser, payload: unknown = { password: user.password }, headers: Record<string, string> = user.auth) {
  return t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: payload as Record<string, unknown> });
}

async function login(user: TestUser) {
  return t.app.inject({ method: 'POST', url: '/api/profile/login', payload: { username: user.username, password: user.password } });
}

async function setPicture(user: TestUser): Promise<string> {
  const form = new FormData();
  form.append('profilePicture', new Blob([new Uint8Array(await makePhoto({ width: 200, height: 200 }))], { type: 'image/jpeg' }), 'me.jpg');
  const res = await t.app.inject({ method: 'POST', url: '/api/profile/upload-profile-picture', headers: user.auth, payload: form });
  expect(res.statusCode).toBe(200);
  const row = await t.db.kysely.selectFrom('users').select('profile_picture').where('id', '=', user.id).executeTakeFirstOrThrow();
  return row.profile_picture!;
}

async function selfOf(user: TestUser): Promise<SelfUser> {
  const res = await t.app.inject({ method: 'GET', url: '/api/get_user', headers: user.auth });
  const body = res.json() as SelfUser | { user: SelfUser };
  return 'user' in body ? body.user : body;
}

/** A user with everything an account can have, and the people around them. */
async function busyAccount(prefix: string) {
  // An underscore: no password hash (base64) or id can contain the victim's name by chance, so
  // rowsMentioning finds only what really belongs to the victim ("czv" once matched a hash).
  const victim = await t.register(`${prefix}_victim`);
  const friend = await t.register(`${prefix}zf`);
  const asked = await t.register(`${prefix}za`);
  const asker = await t.register(`${prefix}zk`);
  await t.befriend(victim, friend);
  expect((await t.app.inject({ method: 'POST', url: '/api/send_request', headers: victim.auth, payload: { userId: asked.id } })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/send_request', headers: asker.auth, payload: { userId: victim.id } })).statusCode).toBe(200);
  const picture = await setPicture(victim);
  const own: Pin[] = [
    await createMemory(t, victim, { title: 'Private with photo', visibility: '1' }, await makePhoto()),
    await createMemory(t, victim, { title: 'Public with photo', visibility: '3', latitude: '10.5', longitude: '20.5' }, await makePhoto()),
    await createMemory(t, victim, { title: 'Friends only, tagging', visibility: '2', tags: JSON.stringify([friend.id]) }),
  ];
  const share = await t.app.inject({ method: 'POST', url: `/api/pins/${own[1]!.id}/share`, headers: victim.auth, payload: { expiresInDays: 5 } });
  const shareUrl = (share.json() as { url: string }).url;
  // Theirs, tagging the victim: it stays, without the tag.
  const friendsMemory = await createMemory(t, friend, { title: "Friend's, tagging", visibility: '3', latitude: '10.5', longitude: '20.5', tags: JSON.stringify([victim.id]) }, await makePhoto());
  // A second session of the victim's.
  const second = (await login(victim)).json() as { token: string };
  return { victim, friend, asked, asker, picture, own, shareUrl, friendsMemory, secondAuth: { authorization: `Bearer ${second.token}` } };
}

/** What a user has in the database, counted table by table. */
async function footprint(userId: string) {
  const k = t.db.kysely;
  const count = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
  return {
    pins: await count(k.selectFrom('pins').select((eb) => eb.fn.countAll().as('n')).where('author_id', '=', userId).executeTakeFirstOrThrow()),
    sessions: await count(k.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()),
    friendships: await count(
      k
        .selectFrom('friendships')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
        .executeTakeFirstOrThrow(),
    ),
    requests: await count(
      k
        .selectFrom('friend_requests')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.or([eb('from_id', '=', userId), eb('to_id', '=', userId)]))
        .executeTakeFirstOrThrow(),
    ),
    tags: await count(k.selectFrom('pin_tags').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()),
  };
}

/** The public cells agree with the pins table (level 0 holds every public memory once). */
async function publicCellsMatchPins() {
  const cells = await t.db.kysely
    .withTables<{ pin_cells: { level: number; count: number } }>()
    .selectFrom('pin_cells')
    .select((eb) => eb.fn.sum<number>('count').as('n'))
    .where('level', '=', 0)
    .executeTakeFirst();
  const pins = await t.db.kysely.selectFrom('pins').select((eb) => eb.fn.countAll().as('n')).where('visibility', '=', PUBLIC_LEVEL).executeTakeFirstOrThrow();
  expect(Number(cells?.n ?? 0)).toBe(Number(pins.n));
}

describe('DELETE /api/account', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', payload: { password: 'secret!1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue' });
  });

  it('asks for the password', async () => {
    const user = await t.register('delask');
    for (const [payload, error] of [
      [{}, 'Enter your password to delete your account'],
      [{ password: '' }, 'Enter your password to delete your account'],
      [{ password: 12345 }, 'Password must be text'],
    ] as const) {
      const res = await deleteAccount(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect((await selfOf(user))._id).toBe(user.id);
  });

  it('refuses a wrong password with 403 and a clear message, and changes nothing', async () => {
    const { victim } = await busyAccount('w');
    const before = await footprint(victim.id);
    const files = await filesUnder(t.config.mediaDir);
    for (const password of ['wrong!1', victim.password.toUpperCase(), `${victim.password} `, 'x'.repeat(5000)]) {
      const res = await deleteAccount(victim, { password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'That password is not correct. Your account has not been deleted.' });
    }
    expect(await footprint(victim.id)).toEqual(before);
    expect(await filesUnder(t.config.mediaDir)).toEqual(files);
    expect((await login(victim)).statusCode).toBe(200);
  });

  it('stops guessing after 5 wrong passwords', async () => {
    const user = await t.register('delguess');
    for (let i = 0; i < 5; i++) expect((await deleteAccount(user, { password: `guess${i}!` })).statusCode).toBe(403);
    const res = await deleteAccount(user, { password: 'guess5!' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too many wrong passwords. Please wait a while and try again.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits: the limit is on the account, not on the guess.
    expect((await deleteAccount(user)).statusCode).toBe(429);
    expect((await selfOf(user))._id).toBe(user.id);
  });

  it('removes everything of the user — rows in every table and files — and nothing of anyone else', async () => {
    const { victim, friend, asked, asker, picture, own, shareUrl, friendsMemory, secondAuth } = await busyAccount('d');
    const victimKeys = [picture, ...own.filter((p) => p.imageUrl).map((p) => keyOf(p.imageUrl))];
    expect(victimKeys).toHaveLength(3);
    const othersFiles = (await filesUnder(t.config.mediaDir)).filter((f) => !victimKeys.some((k) => f.includes(path.basename(k, '.jpg'))));
    expect(othersFiles).toContain(keyOf(friendsMemory.imageUrl));
    // The victim is everywhere before: this search can find them.
    const needles = [victim.id, victim.username, victim.email, ...own.map((p) => p.id), ...victimKeys.map((k) => path.basename(k, '.jpg'))];
    expect((await rowsMentioning(t.db, needles)).length).toBeGreaterThan(8);

    const res = await deleteAccount(victim);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'mm_session');
    expect(cleared?.value).toBe('');

    // Nothing of the user in any row of any table, nor in the media folder.
    expect(await allTables(t.db)).toEqual(expect.arrayContaining(['users', 'pins', 'pin_tags', 'sessions', 'friendships', 'friend_requests', 'share_links', 'pin_cells', 'author_cells']));
    expect(await rowsMentioning(t.db, needles)).toEqual([]);
    const left = await filesUnder(t.config.mediaDir);
    expect(left.filter((f) => victimKeys.some((k) => f.includes(path.basename(k, '.jpg'))))).toEqual([]);
    // Everyone else's files are all still there.
    expect(left).toEqual(expect.arrayContaining(othersFiles));
    await publicCellsMatchPins();

    // The session is gone, the other one too, and the name no longer logs in.
    const again = await deleteAccount(victim);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Your session has ended. Please log in again.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/get_user', headers: secondAuth })).statusCode).toBe(401);
    expect((await login(victim)).statusCode).toBe(401);
    // The share link is gone with the memory.
    expect((await t.app.inject({ method: 'GET', url: new URL(shareUrl).pathname })).statusCode).toBe(404);

    // Others' memories stay, without the tag; their friend lists and requests no longer hold the user.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/query_feed?limit=100', headers: friend.auth });
    const kept = (theirs.json() as Pin[]).find((p) => p.id === friendsMemory.id);
    expect(kept).toMatchObject({ title: "Friend's, tagging", tags: [], taggedFriends: [] });
    expect(existsSync(path.join(t.config.mediaDir, keyOf(friendsMemory.imageUrl)))).toBe(true);
    expect((await selfOf(friend)).friends).toEqual([]);
    expect((await selfOf(asked)).friendRequests.received).toEqual([]);
    expect((await selfOf(asker)).friendRequests.sent).toEqual([]);
    // The username and e-mail are free again.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '10.9.9.9',
      payload: { username: victim.username, email: victim.email, password: 'another!1', confirmPassword: 'another!1' },
    });
    expect(reuse.statusCode).toBe(201);
  });

  it('is all or nothing: a failure part way through the transaction leaves the account whole', async () => {
    const { victim, picture, own } = await busyAccount('f');
    const before = await footprint(victim.id);
    const files = await filesUnder(t.config.mediaDir);
    // The last step of the transaction (the map's per-author cells) fails, after the user's row
    // and everything it cascades to were deleted within it.
    if (t.db.dialect === 'sqlite') {
      await sql`create trigger fail_author_cells before delete on author_cells begin select raise(abort, 'simulated failure'); end`.execute(t.db.kysely);
    } else {
      await sql`create function fail_author_cells() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$`.execute(t.db.kysely);
      await sql`create trigger fail_author_cells before delete on author_cells for each row execute function fail_author_cells()`.execute(t.db.kysely);
    }
    try {
      const res = await deleteAccount(victim);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    } finally {
      await sql`drop trigger fail_author_cells${t.db.dialect === 'postgres' ? sql` on author_cells` : sql``}`.execute(t.db.kysely);
    }
    expect(await footprint(victim.id)).toEqual(before);
    expect(await filesUnder(t.config.mediaDir)).toEqual(files);
    expect(files).toContain(picture);
    expect(files).toContain(keyOf(own[0]!.imageUrl));
    expect((await selfOf(victim))._id).toBe(victim.id);
    await publicCellsMatchPins();
    // And it works once the failure is gone.
    expect((await deleteAccount(victim)).statusCode).toBe(204);
    expect(await rowsMentioning(t.db, [victim.id])).toEqual([]);
  });

  it('finishes deleting the files when the server is restarted after stopping part way', async () => {
    const { victim, picture, own } = await busyAccount('c');
    const keys = [picture, ...own.filter((p) => p.imageUrl).map((p) => keyOf(p.imageUrl))];
    const ids = keys.map((k) => path.basename(k, '.jpg'));
    // The rows are committed, then the server stops before any file is gone: here, every
    // deletion fails, which leaves exactly what a stop at that moment leaves.
    const stopped = vi.spyOn(t.app.ctx.media, 'delete').mockRejectedValue(new Error('the server stopped'));
    const res = await deleteAccount(victim);
    stopped.mockRestore();
    expect(res.statusCode).toBe(204);
    expect((await login(victim)).statusCode).toBe(401);
    // The files are still there, and so is the record of each, in the same commit as the rows.
    const files = await filesUnder(t.config.mediaDir);
    for (const id of ids) expect(files.filter((f) => f.includes(id)), id).toHaveLength(2);
    const intents = await t.db.kysely.selectFrom('media_intents').selectAll().execute();
    expect(intents.map((i) => JSON.parse(i.keys)[0]).sort()).toEqual([...keys].sort());
    expect(new Set(intents.map((i) => i.subject_id))).toEqual(new Set([victim.id, ...own.filter((p) => p.imageUrl).map((p) => p.id)]));

    // A server started on the same database and media folder settles them before serving.
    const restarted = await buildApp({ config: t.config, db: t.db, logger: false, webDist: path.join(t.config.dataDir, 'no-web') });
    await restarted.ready();
    await restarted.close();
    const after = await filesUnder(t.config.mediaDir);
    expect(after.filter((f) => ids.some((id) => f.includes(id)))).toEqual([]);
    expect(await t.db.kysely.selectFrom('media_intents').selectAll().execute()).toEqual([]);
    expect(await rowsMentioning(t.db, [victim.id, victim.username, ...ids, ...own.map((p) => p.id)])).toEqual([]);
  });
});
