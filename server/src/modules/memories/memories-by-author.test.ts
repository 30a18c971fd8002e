import type { Pin } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { createMemory } from '../../../test/fixtures/memories.ts';

let t: TestApp;
let author: TestUser;
let friend: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.register('byauthor');
  friend = await t.register('byfriend');
  stranger = await t.register('bystranger');
  await t.befriend(author, friend);
  await createMemory(t, author, { title: 'Only me', visibility: '1' });
  await createMemory(t, author, { title: 'For friends', visibility: '2' });
  await createMemory(t, author, { title: 'For everyone', visibility: '3' });
  await createMemory(t, friend, { title: "The friend's own", visibility: '3' });
});
afterAll(() => t.close());

const memoriesOf = (viewer: TestUser | null, authorId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/users/${authorId}/memories${query}`, headers: viewer ? viewer.auth : {} });
const titles = (res: { json(): unknown }) => (res.json() as Pin[]).map((p) => p.title);

describe("GET /api/users/{id}/memories (a person's profile)", () => {
  it('gives each viewer exactly the memories of that person they may see, newest first', async () => {
    expect(titles(await memoriesOf(author, author.id))).toEqual(['For everyone', 'For friends', 'Only me']);
    expect(titles(await memoriesOf(friend, author.id))).toEqual(['For everyone', 'For friends']);
    expect(titles(await memoriesOf(stranger, author.id))).toEqual(['For everyone']);
    const pins = (await memoriesOf(friend, author.id)).json() as Pin[];
    expect(pins.every((p) => p.author === author.id && (p.pinType === 'friend' || p.pinType === 'public'))).toBe(true);
  });

  it('stops at once when the friendship ends', async () => {
    const a = await t.register('byexa');
    const b = await t.register('byexb');
    await t.befriend(a, b);
    await createMemory(t, a, { title: 'Between us', visibility: '2' });
    expect(titles(await memoriesOf(b, a.id))).toEqual(['Between us']);
    await t.app.inject({ method: 'DELETE', url: '/api/delete_friend', headers: b.auth, payload: { userId: a.id } });
    expect(titles(await memoriesOf(b, a.id))).toEqual([]);
  });

  it('pages with limit and a Link to the next page', async () => {
    const first = await memoriesOf(author, author.id, '?limit=2');
    expect(titles(first)).toEqual(['For everyone', 'For friends']);
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))![1]!;
    const second = await t.app.inject({ method: 'GET', url: next, headers: author.auth });
    expect(titles(second)).toEqual(['Only me']);
    expect(second.headers.link).toBeUndefined();
  });

  it('answers 404 for someone who does not exist, 401 without a session, 400 for a bad cursor', async () => {
    for (const id of ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'not-a-user']) {
      const res = await memoriesOf(author, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found' });
    }
    expect((await memoriesOf(null, author.id)).statusCode).toBe(401);
    const bad = await memoriesOf(author, author.id, '?before=xyz');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'before must be the id of the last memory of the previous page' });
  });
});
