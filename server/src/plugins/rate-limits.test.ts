import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.ts';
import { RATE_LIMITS, waitText } from './rate-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (who: TestUser, title: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create',
    headers: who.auth,
    remoteAddress: ip,
    payload: { title, description: 'A walk', latitude: 48.85, longitude: 2.35, visibility: '1' },
  });

async function countMemories(who: TestUser): Promise<number> {
  const row = await t.db.kysely.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).where('author_id', '=', who.id).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('per-user write limits', () => {
  it('lets one user create 60 memories a minute, then answers 429 with Retry-After and creates nothing', async () => {
    const busy = await t.register('busy_bea');
    const other = await t.register('calm_cal');
    const { max } = RATE_LIMITS.createMemory;
    expect(max).toBe(60);
    // From many addresses: the limit follows the account, not the address.
    const statuses = await Promise.all(Array.from({ length: max }, (_, i) => create(busy, `Memory ${i}`, `10.50.${i}.1`).then((r) => r.statusCode)));
    expect(statuses.every((s) => s === 201)).toBe(true);

    const refused = await create(busy, 'One too many', '10.51.0.1');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: `You can create at most 60 memories a minute. Please try again in ${waitText(retryAfter)}.`,
    });
    expect(await countMemories(busy)).toBe(max);

    // Someone else, even from the same address, is not held back.
    expect((await create(other, 'Mine', '10.51.0.1')).statusCode).toBe(201);
  });

  it('refuses the 31st friend request a minute with 429 and sends nothing', async () => {
    const asker = await t.register('keen_kay');
    const targets: TestUser[] = [];
    for (let i = 0; i < 31; i++) targets.push(await t.register());
    const send = (to: TestUser) => t.app.inject({ method: 'POST', url: '/api/send_request', headers: asker.auth, payload: { userId: to.id } });
    for (const to of targets.slice(0, 30)) expect((await send(to)).statusCode).toBe(200);
    const refused = await send(targets[30]!);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^You can send at most 30 friend requests a minute\. Please try again in \d+ seconds?\.$/);
    const pending = await t.app.inject({ method: 'GET', url: '/api/pending_requests', headers: targets[30]!.auth });
    expect(pending.json()).toEqual({ pendingRequests: [] });
  });

  it('says how long to wait in words a person reads', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(42)).toBe('42 seconds');
    expect(waitText(600)).toBe('10 minutes');
    expect(waitText(20 * 3600)).toBe('20 hours');
  });
});
