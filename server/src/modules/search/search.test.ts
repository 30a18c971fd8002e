import type { Pin } from '@memory-map/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemory, memoryForm } from '../../../test/fixtures/memories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { TEST_DIALECT } from '../../../test/test-db.ts';
import * as migration from '../../db/migrations/0021-search.ts';
import { slowReadsOf } from '../../db/slow-reads.ts';
import { memoriesRepository } from '../memories/memories.repository.ts';
import { FOLD_FROM, FOLD_TO, searchWords } from './search-text.ts';

/** GET /api/search (docs/design.md §12), on whichever database the suite runs. */
let t: TestApp;
let me: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await t.register();
});
afterAll(() => t.close());

async function search(user: TestUser | null, q: string, extra = '') {
  const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}${extra}`, headers: user?.auth ?? {} });
  return { status: res.statusCode, body: res.json() as Pin[] | { error: string }, link: res.headers.link as string | undefined };
}
const titles = async (user: TestUser, q: string) => ((await search(user, q)).body as Pin[]).map((p) => p.title);

const update = (user: TestUser, pin: Pin, fields: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/update_pin',
    headers: user.auth,
    payload: memoryForm({ pinId: pin.id, title: pin.title, description: pin.description, visibility: pin.visibility, ...fields }),
  });

describe('GET /api/search finds', () => {
  beforeAll(async () => {
    await createMemory(t, me, { title: 'Ducks at the pond', description: 'They stole our bread.', locationName: 'Zürich, Switzerland' });
    await createMemory(t, me, { title: 'Café crème', description: 'The best morning in years', locationName: 'Lyon, France' });
    await createMemory(t, me, { title: 'Hiking day', description: 'A long walk to the Hütte with Ana', locationName: 'Tromsø, Norway' });
  });

  it('by a word of the title, the description or the place name, in any case', async () => {
    expect(await titles(me, 'ducks')).toEqual(['Ducks at the pond']);
    expect(await titles(me, 'BREAD')).toEqual(['Ducks at the pond']);
    expect(await titles(me, 'lyon')).toEqual(['Café crème']);
  });

  it('without the accents, and with them', async () => {
    expect(await titles(me, 'zurich')).toEqual(['Ducks at the pond']);
    expect(await titles(me, 'Zürich')).toEqual(['Ducks at the pond']);
    expect(await titles(me, 'cafe creme')).toEqual(['Café crème']);
    expect(await titles(me, 'hutte')).toEqual(['Hiking day']);
    expect(await titles(me, 'tromsø')).toEqual(['Hiking day']);
  });

  it('by the start of a word (the last one still being typed), every word required', async () => {
    expect(await titles(me, 'duc')).toEqual(['Ducks at the pond']);
    expect(await titles(me, 'long wal')).toEqual(['Hiking day']);
    expect(await titles(me, 'long bread')).toEqual([]);
  });

  it('nothing for a blank query, a missing one, or punctuation alone', async () => {
    for (const q of ['', '   ', '?!…', '--']) expect((await search(me, q)).body).toEqual([]);
    const missing = await t.app.inject({ url: '/api/search', headers: me.auth });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual([]);
  });

  it('quotes, stars and operators as plain text, never as query syntax', async () => {
    for (const q of ['"ducks', 'ducks*', 'NEAR(ducks pond)', "ducks' OR 1=1 --", 'title:ducks', 'ducks & !pond | x:*']) {
      const res = await search(me, q);
      expect(res.status, q).toBe(200);
    }
    expect(await titles(me, 'title:ducks')).toEqual([]);
    expect(await titles(me, '"ducks"')).toEqual(['Ducks at the pond']);
  });
});

describe.runIf(TEST_DIALECT === 'sqlite')('on SQLite, GET /api/search', () => {
  it('ranks on a thread of its own, not on the one serving every request (db/slow-reads.ts)', async () => {
    const me = await t.register();
    await createMemory(t, me, { title: 'Walrus colony at dawn', visibility: '1' });
    const slow = slowReadsOf(t.db.kysely)!;
    const before = slow.answered;
    expect(await titles(me, 'walrus')).toEqual(['Walrus colony at dawn']);
    expect(slow.answered).toBe(before + 1);
  });
});

describe('GET /api/search refuses', () => {
  it('q over 200 characters with 400 (200 is fine)', async () => {
    expect((await search(me, 'a'.repeat(200))).status).toBe(200);
    const res = await search(me, 'a'.repeat(201));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Search text must be at most 200 characters' });
  });

  it('a cursor it did not make, and a bad limit', async () => {
    const bad = await search(me, 'ducks', '&before=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'before must be the cursor from the Link header of the previous page' });
    expect((await search(me, 'ducks', '&limit=0')).status).toBe(400);
    expect((await search(me, 'ducks', '&limit=101')).status).toBe(400);
  });

  it('a request without a session', async () => {
    expect((await search(null, 'ducks')).status).toBe(401);
  });
});

describe('GET /api/search ranks and pages', () => {
  let own: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    own = await createTestApp();
    user = await own.register();
  });
  afterAll(() => own.close());

  it('puts a match in the title before one in the description', async () => {
    await createMemory(own, user, { title: 'Lighthouse walk', description: 'Windy, salty, perfect.' });
    await createMemory(own, user, { title: 'Evening out', description: 'We walked back past the lighthouse at night.' });
    const res = await own.app.inject({ url: '/api/search?q=lighthouse', headers: user.auth });
    expect((res.json() as Pin[]).map((p) => p.title)).toEqual(['Lighthouse walk', 'Evening out']);
  });

  it('pages 25 equal matches 10 at a time through Link: each once, newest first among equals', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push((await createMemory(own, user, { title: 'Harbour lights', description: 'Same words every time.' })).id);
    const seen: string[] = [];
    let url: string | undefined = '/api/search?q=harbour&limit=10';
    let pages = 0;
    while (url) {
      const res = await own.app.inject({ url, headers: user.auth });
      expect(res.statusCode).toBe(200);
      const pins = res.json() as Pin[];
      seen.push(...pins.map((p) => p.id));
      pages += 1;
      const link = res.headers.link as string | undefined;
      url = link ? /<([^>]+)>; rel="next"/.exec(link)![1] : undefined;
      if (url) expect(pins).toHaveLength(10);
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
  });
});

describe('the search index is kept with every write, in its transaction', () => {
  it('follows an update of the title and description, and a move to a new place', async () => {
    const pin = await createMemory(t, me, { title: 'Kayak morning', description: 'Mist on the water' });
    expect((await update(me, pin, { title: 'Canoe morning', description: 'Sun on the lake' })).statusCode).toBe(200);
    expect(await titles(me, 'kayak')).toEqual([]);
    expect(await titles(me, 'mist')).toEqual([]);
    expect(await titles(me, 'canoe lake')).toEqual(['Canoe morning']);
    expect((await update(me, { ...pin, title: 'Canoe morning', description: 'Sun on the lake' }, { latitude: '48.8566', longitude: '2.3522' })).statusCode).toBe(200);
    expect(await titles(me, 'canoe paris')).toEqual(['Canoe morning']);
  });

  it('forgets a deleted memory', async () => {
    const pin = await createMemory(t, me, { title: 'Zeppelin sighting' });
    expect(await titles(me, 'zeppelin')).toEqual(['Zeppelin sighting']);
    await t.app.inject({ method: 'DELETE', url: '/api/delete', headers: me.auth, payload: { pinId: pin.id } });
    expect(await titles(me, 'zeppelin')).toEqual([]);
  });

  it('is unchanged by an update that fails and is rolled back', async () => {
    const pin = await createMemory(t, me, { title: 'Glacier lagoon' });
    vi.spyOn(memoriesRepository, 'deleteTags').mockRejectedValueOnce(new Error('lost'));
    expect((await update(me, pin, { title: 'Volcano rim' })).statusCode).toBe(500);
    expect(await titles(me, 'glacier')).toEqual(['Glacier lagoon']);
    expect(await titles(me, 'volcano')).toEqual([]);
  });

  it('forgets the memories of an account that is deleted (the cascade)', async () => {
    const gone = await t.register();
    await createMemory(t, gone, { title: 'Quokka selfie', visibility: '3' });
    expect(await titles(me, 'quokka')).toEqual(['Quokka selfie']);
    await t.db.kysely.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await titles(me, 'quokka')).toEqual([]);
    if (TEST_DIALECT === 'sqlite') {
      const { rows } = await sql<{ n: number }>`select (select count(*) from pin_search_rows) - (select count(*) from pins) as n`.execute(t.db.kysely);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  });
});

describe('who may find what', () => {
  it("finds only what the viewer may see: never another's private memory, a friend's friends-only one only while friends", async () => {
    const author = await t.register();
    const friend = await t.register();
    const stranger = await t.register();
    await t.befriend(author, friend);
    await createMemory(t, author, { title: 'Secret marmot private', visibility: '1' });
    await createMemory(t, author, { title: 'Secret marmot friends', visibility: '2' });
    await createMemory(t, author, { title: 'Secret marmot public', visibility: '3' });
    const found = async (u: TestUser) => (await titles(u, 'secret marmot')).sort();
    expect(await found(author)).toEqual(['Secret marmot friends', 'Secret marmot private', 'Secret marmot public']);
    expect(await found(friend)).toEqual(['Secret marmot friends', 'Secret marmot public']);
    expect(await found(stranger)).toEqual(['Secret marmot public']);
    await t.app.inject({ method: 'DELETE', url: '/api/delete_friend', headers: author.auth, payload: { userId: friend.id } });
    expect(await found(friend)).toEqual(['Secret marmot public']);
  });

  it('never lets a hidden memory fill a page: a full page of visible hits still links to the rest', async () => {
    const author = await t.register();
    const viewer = await t.register();
    for (let i = 0; i < 3; i++) await createMemory(t, author, { title: 'Wombat crossing', visibility: '1' });
    for (let i = 0; i < 3; i++) await createMemory(t, author, { title: 'Wombat crossing', visibility: '3' });
    const first = await search(viewer, 'wombat', '&limit=2');
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.link!)![1]!;
    const second = await t.app.inject({ url: next, headers: viewer.auth });
    expect(second.json()).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
  });
});

describe('search text', () => {
  it('folds exactly as migration 0021 indexed it', () => {
    expect(FOLD_FROM).toBe(migration.FOLD_FROM);
    expect(FOLD_TO).toBe(migration.FOLD_TO);
  });

  it('splits a query into folded words without repeats', () => {
    expect(searchWords('  Crème brûlée, CRÈME! ')).toEqual(['creme', 'brulee']);
    expect(searchWords("don't")).toEqual(['don', 't']);
  });
});
