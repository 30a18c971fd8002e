import { LIVE_EVENTS, type LiveEvent } from '@memory-map/shared';
import { describe, expect, it } from 'vitest';
import { compareEventIds, parseEventId } from './event-ids.ts';
import { MemoryTransport } from './event-transport.ts';

const memory = (id: string): LiveEvent => ({ kind: 'memory', data: { id } });

describe('event ids', () => {
  it('are <ms>-<seq>, compared as numbers', () => {
    expect(parseEventId('1700000000000-3')).toEqual({ ms: 1700000000000, seq: 3 });
    for (const bad of ['', '1-', '-1', 'a-1', '1-2-3', '1 -2', '9999999999999999-1']) expect(parseEventId(bad)).toBeNull();
    expect(compareEventIds('10-0', '9-5')).toBeGreaterThan(0);
    expect(compareEventIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareEventIds('10-2', '10-2')).toBe(0);
  });
});

describe('MemoryTransport (one server, no Redis)', () => {
  it('gives each user growing ids even when the clock stands still or goes back', async () => {
    let now = 1000;
    const t = new MemoryTransport(() => now);
    const [a] = await t.publish(['u'], memory('a'));
    const [b] = await t.publish(['u'], memory('b'));
    now = 900;
    const [c] = await t.publish(['u'], memory('c'));
    expect([a, b, c]).toEqual(['1000-0', '1000-1', '1000-2']);
    now = 1001;
    expect(await t.publish(['u', 'v'], memory('d'))).toEqual(['1001-0', '1001-0']);
    await t.close();
  });

  it('replays after an id, within the window and the per-user bound', async () => {
    let now = 0;
    const t = new MemoryTransport(() => now, 300_000);
    const ids: string[] = [];
    for (let i = 0; i < LIVE_EVENTS.replayPerUser + 10; i++) {
      now = i * 1000;
      ids.push((await t.publish(['u'], memory(`m${i}`)))[0]!);
    }
    now = 200_000;
    // Only the newest replayPerUser are kept.
    const all = await t.since('u', '0-0');
    expect(all).toHaveLength(LIVE_EVENTS.replayPerUser);
    expect(all[0]!.event).toEqual(memory('m10'));
    expect((await t.since('u', ids[105]!)).map((e) => e.event)).toEqual([memory('m106'), memory('m107'), memory('m108'), memory('m109')]);
    // Five minutes after an event it is no longer replayed.
    now = 109_000 + 300_001;
    expect(await t.since('u', ids[105]!)).toEqual([]);
    expect(await t.since('nobody', '0-0')).toEqual([]);
    await t.close();
  });
});
