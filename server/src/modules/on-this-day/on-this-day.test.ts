import type { Pin } from '@memory-map/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { createMemory } from '../../../test/fixtures/memories.ts';
import { daysMatching, localDate, onThisDay } from './memory-day.ts';

describe('the date rule', () => {
  it("knows an instant's calendar date in a time zone", () => {
    const at = Date.parse('2025-03-14T23:30:00Z');
    expect(localDate(at, 'UTC')).toEqual({ year: 2025, month: 3, day: 14 });
    expect(localDate(at, 'Europe/Paris')).toEqual({ year: 2025, month: 3, day: 15 });
    expect(localDate(at, 'America/New_York')).toEqual({ year: 2025, month: 3, day: 14 });
    expect(localDate(Date.parse('2024-12-31T20:00:00Z'), 'Pacific/Kiritimati')).toEqual({ year: 2025, month: 1, day: 1 });
  });

  it('brings 29 February back on 28 February of years without one', () => {
    expect(daysMatching({ year: 2027, month: 2, day: 28 })).toEqual([
      { month: 2, day: 28 },
      { month: 2, day: 29 },
    ]);
    expect(daysMatching({ year: 2028, month: 2, day: 28 })).toEqual([{ month: 2, day: 28 }]);
    expect(daysMatching({ year: 2028, month: 2, day: 29 })).toEqual([{ month: 2, day: 29 }]);
  });

  it("reads windows that hold the whole local day in any zone, and decides by the exact date", () => {
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Europe/Paris', 'America/Sao_Paulo', 'Asia/Kathmandu']) {
      const now = Date.parse('2026-07-04T12:00:00Z');
      const { today, windows, isOnThisDay } = onThisDay(now, zone, 2020);
      expect(windows.length).toBe(today.year - 2020);
      // Every minute of that local day in 2023 falls inside a window and passes the exact test;
      // the minutes just outside it fail the test.
      const inside: string[] = [];
      const outside: string[] = [];
      for (let t = Date.parse('2023-07-01T00:00:00Z'); t < Date.parse('2023-07-08T00:00:00Z'); t += 15 * 60_000) {
        const d = localDate(t, zone);
        (d.month === today.month && d.day === today.day ? inside : outside).push(new Date(t).toISOString());
      }
      expect(inside.length).toBeGreaterThanOrEqual(92);
      for (const iso of inside) {
        expect(isOnThisDay(iso), `${zone} ${iso}`).toBe(true);
        expect(windows.some((w) => w.from <= iso && iso < w.to), `${zone} ${iso}`).toBe(true);
      }
      for (const iso of outside) expect(isOnThisDay(iso), `${zone} ${iso}`).toBe(false);
      // Today itself is not "an earlier year".
      expect(isOnThisDay(new Date(now).toISOString())).toBe(false);
    }
  });

  it('reads nothing when the oldest memory is from this year', () => {
    expect(onThisDay(Date.parse('2026-07-04T12:00:00Z'), 'UTC', 2026).windows).toEqual([]);
  });
});

describe('GET /api/on_this_day', () => {
  let t: TestApp;
  let me: TestUser;
  let friend: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    me = await t.register('otdme');
    friend = await t.register('otdfriend');
    await t.befriend(me, friend);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Creates a memory and dates it as if it had happened, and been posted, at `at`. */
  async function memoryAt(user: TestUser, title: string, at: string, fields: Record<string, string> = {}): Promise<Pin> {
    const pin = await createMemory(t, user, { title, ...fields });
    await t.db.kysely.updateTable('pins').set({ created_at: at, updated_at: at, happened_at: at }).where('id', '=', pin.id).execute();
    return pin;
  }

  function ask(user: TestUser | null, query = '') {
    return t.app.inject({ method: 'GET', url: `/api/on_this_day${query}`, headers: user ? user.auth : {} });
  }

  function titles(res: { json(): unknown }): string[] {
    return (res.json() as Pin[]).map((p) => p.title);
  }

  it('needs a session', async () => {
    const res = await ask(null, '?tz=Europe/Paris');
    expect(res.statusCode).toBe(401);
  });

  it('answers an empty list to someone with no memories from this day', async () => {
    const fresh = await t.register('otdfresh');
    const res = await ask(fresh, '?tz=UTC');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    await memoryAt(fresh, 'Some other day', '2020-01-02T10:00:00.000Z');
    expect((await ask(fresh, '?tz=UTC')).json()).toEqual([]);
  });

  it("returns one's own memories of this month and day in earlier years, newest first, in the viewer's zone", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
    await memoryAt(me, 'Three years ago', '2023-03-15T09:00:00.000Z', { visibility: '1' });
    await memoryAt(me, 'Last year', '2025-03-15T18:00:00.000Z', { visibility: '3' });
    await memoryAt(me, 'Late in Paris', '2025-03-14T23:30:00.000Z');
    await memoryAt(me, 'Today', '2026-03-15T08:00:00.000Z');
    await memoryAt(me, 'The day before', '2024-03-14T12:00:00.000Z');
    await memoryAt(me, 'The day after', '2024-03-16T12:00:00.000Z');
    await memoryAt(friend, "A friend's", '2025-03-15T12:00:00.000Z', { visibility: '3' });

    const utc = await ask(me, '?tz=UTC');
    expect(utc.statusCode).toBe(200);
    expect(titles(utc)).toEqual(['Last year', 'Three years ago']);
    const pins = utc.json() as Pin[];
    expect(pins.every((p) => p.isOwnPin && p.pinType === 'own')).toBe(true);

    // 23:30 UTC on the 14th is already the 15th in Paris; 18:00 UTC on the 15th still is.
    expect(titles(await ask(me, '?tz=Europe/Paris'))).toEqual(['Last year', 'Late in Paris', 'Three years ago']);
    // Without tz the day is UTC's.
    expect(titles(await ask(me))).toEqual(['Last year', 'Three years ago']);
    // In Auckland (UTC+13) noon UTC on the 14th was already the 15th, 18:00 UTC on the 15th the 16th.
    expect(titles(await ask(me, '?tz=Pacific/Auckland'))).toEqual(['Late in Paris', 'The day before', 'Three years ago']);

    // The friend sees their own, never mine.
    expect(titles(await ask(friend, '?tz=UTC'))).toEqual(["A friend's"]);
  });

  it('brings back a leap-day memory on 28 February of a year without a 29th', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-28T12:00:00Z'));
    const leap = await t.register('otdleap');
    await memoryAt(leap, 'Leap day', '2024-02-29T12:00:00.000Z');
    await memoryAt(leap, 'Twenty-eighth', '2024-02-28T12:00:00.000Z');
    await memoryAt(leap, 'First of March', '2026-03-01T12:00:00.000Z');
    expect(titles(await ask(leap, '?tz=UTC'))).toEqual(['Leap day', 'Twenty-eighth']);
  });

  it('dates a memory by when it happened, not when it was posted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
    const keeper = await t.register('otdkeeper');
    // Written down today about a day seven years ago, as a date alone and as an instant.
    await createMemory(t, keeper, { title: 'Seven years ago', happenedAt: '2019-11-27' });
    await createMemory(t, keeper, { title: 'Evening in 2021', happenedAt: '2021-11-27T19:30:00+01:00' });
    // Posted on this day in 2023, about another day: not this day's memory.
    const posted = await createMemory(t, keeper, { title: 'Posted on this day', happenedAt: '2023-06-01' });
    await t.db.kysely.updateTable('pins').set({ created_at: '2023-11-27T10:00:00.000Z' }).where('id', '=', posted.id).execute();

    expect(titles(await ask(keeper, '?tz=UTC'))).toEqual(['Evening in 2021', 'Seven years ago']);
    // A date alone is that day in every zone: at 09:00 UTC it is 23:00 on the 27th at UTC+14,
    // and at 13:00 UTC, 01:00 on the 27th at UTC−12 (where its UTC midnight is the 26th).
    expect(titles(await ask(keeper, '?tz=Pacific/Kiritimati'))).toContain('Seven years ago');
    vi.setSystemTime(new Date('2026-11-27T13:00:00Z'));
    expect(titles(await ask(keeper, '?tz=Etc/GMT%2B12'))).toContain('Seven years ago');
  });

  it('refuses a time zone it does not know, naming the field', async () => {
    for (const tz of ['Mars/Olympus_Mons', '', 'Europe/Paris;drop', 'x'.repeat(65)]) {
      const res = await ask(me, `?tz=${encodeURIComponent(tz)}`);
      expect(res.statusCode, tz).toBe(400);
      expect(res.json()).toEqual({ error: 'tz must be a time zone such as Europe/Paris' });
    }
  });
});
