import { FRIEND_MESSAGES } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * Two people acting on each other at the same moment (docs/decisions/042-friend-pair-locking.md).
 * Many pairs at once, each pair's calls started together, on both databases: what one pair
 * would show by luck, twenty show by numbers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PAIRS = 20;

const post = (url: string, who: TestUser, userId: string) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: { userId } });

async function pairs(n: number): Promise<[TestUser, TestUser][]> {
  const out: [TestUser, TestUser][] = [];
  for (let i = 0; i < n; i++) out.push([await t.register(), await t.register()]);
  return out;
}

async function requestsBetween(a: TestUser, b: TestUser) {
  return t.db.kysely
    .selectFrom('friend_requests')
    .select(['from_id', 'to_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('from_id', '=', a.id), eb('to_id', '=', b.id)]),
        eb.and([eb('from_id', '=', b.id), eb('to_id', '=', a.id)]),
      ]),
    )
    .execute();
}

async function friendshipRows(a: TestUser, b: TestUser) {
  return t.db.kysely
    .selectFrom('friendships')
    .select(['user_id', 'friend_id'])
    .where('user_id', 'in', [a.id, b.id])
    .where('friend_id', 'in', [a.id, b.id])
    .execute();
}

describe('crossing friend requests', () => {
  it('two people asking each other at once leave one pending request: one 200, the other 409', async () => {
    const all = await pairs(PAIRS);
    const answers = await Promise.all(
      all.map(([a, b]) => Promise.all([post('/api/send_request', a, b.id), post('/api/send_request', b, a.id)])),
    );
    for (const [i, [first, second]] of answers.entries()) {
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses, `pair ${i}`).toEqual([200, 409]);
      const refused = first.statusCode === 409 ? first : second;
      // The loser asked someone who had, a moment earlier, asked them: the usual answer.
      expect(refused.json()).toEqual({ error: FRIEND_MESSAGES.alreadyReceived });
      const [a, b] = all[i]!;
      expect(await requestsBetween(a, b), `pair ${i}`).toHaveLength(1);
    }
  });

  it('a request and an accept of the reverse request at once: friends, nothing pending, never 5xx', async () => {
    const all = await pairs(PAIRS);
    for (const [a, b] of all) expect((await post('/api/send_request', a, b.id)).statusCode).toBe(200);
    // b accepts a's request while also sending a request to a (two tabs).
    const answers = await Promise.all(
      all.map(([a, b]) => Promise.all([post('/api/accept_request', b, a.id), post('/api/send_request', b, a.id)])),
    );
    for (const [i, [accepted, sent]] of answers.entries()) {
      expect(accepted.statusCode, `pair ${i}`).toBe(200);
      expect(sent.statusCode, `pair ${i}`).toBe(409);
      const [a, b] = all[i]!;
      expect(await requestsBetween(a, b), `pair ${i}`).toEqual([]);
      expect(await friendshipRows(a, b), `pair ${i}`).toHaveLength(2);
    }
  });
});

describe('crossing accepts', () => {
  it('requests pending both ways (left by older versions), accepted by both at once: friends, never 5xx', async () => {
    const all = await pairs(PAIRS);
    const at = nowIso();
    await t.db.kysely
      .insertInto('friend_requests')
      .values(all.flatMap(([a, b]) => [
        { from_id: a.id, to_id: b.id, created_at: at },
        { from_id: b.id, to_id: a.id, created_at: at },
      ]))
      .execute();
    const answers = await Promise.all(
      all.map(([a, b]) => Promise.all([post('/api/accept_request', a, b.id), post('/api/accept_request', b, a.id)])),
    );
    for (const [i, pair] of answers.entries()) {
      const statuses = pair.map((r) => r.statusCode).sort();
      // The first accept makes them friends and clears both requests; the second finds no request
      // left, as a second accept of one request always does.
      expect(statuses, `pair ${i}: ${pair.map((r) => r.body).join(' ')}`).toEqual([200, 404]);
      const [a, b] = all[i]!;
      expect(await requestsBetween(a, b), `pair ${i}`).toEqual([]);
      expect(await friendshipRows(a, b), `pair ${i}`).toHaveLength(2);
    }
  });

  it('one request accepted twice at once (a double tap): one 200, one 404, one friendship', async () => {
    const all = await pairs(PAIRS);
    for (const [a, b] of all) expect((await post('/api/send_request', a, b.id)).statusCode).toBe(200);
    const answers = await Promise.all(
      all.map(([a, b]) => Promise.all([post('/api/accept_request', b, a.id), post('/api/accept_request', b, a.id)])),
    );
    for (const [i, pair] of answers.entries()) {
      expect(pair.map((r) => r.statusCode).sort(), `pair ${i}`).toEqual([200, 404]);
      const [a, b] = all[i]!;
      expect(await friendshipRows(a, b), `pair ${i}`).toHaveLength(2);
    }
  });
});
