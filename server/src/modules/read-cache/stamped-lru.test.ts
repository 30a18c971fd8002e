import { describe, expect, it } from 'vitest';
import { StampedLru } from './stamped-lru.ts';

/** The read cache's store: a value only for its stamp, bounded by weight, one build per miss. */
describe('StampedLru', () => {
  const lru = () => new StampedLru<{ weight: number; n: number }>(10, (v) => v.weight);

  it('answers a held value only for the stamp it was read at', async () => {
    const cache = lru();
    let builds = 0;
    const build = (n: number) => async () => ({ weight: 1, n: (builds++, n) });
    expect((await cache.get('k', 's1', build(1))).n).toBe(1);
    expect((await cache.get('k', 's1', build(2))).n).toBe(1);
    expect((await cache.get('k', 's2', build(3))).n).toBe(3);
    expect(builds).toBe(2);
  });

  it('keeps at most its budget of weight, dropping the least recently used first', async () => {
    const cache = lru();
    for (const key of ['a', 'b', 'c']) await cache.get(key, 's', async () => ({ weight: 4, n: 0 }));
    expect(cache.weight).toBeLessThanOrEqual(10);
    expect(cache.size).toBe(2);
    let rebuilt = false;
    await cache.get('a', 's', async () => ((rebuilt = true), { weight: 4, n: 0 }));
    expect(rebuilt).toBe(true);
  });

  it('builds once for concurrent misses, and forgets a failed build', async () => {
    const cache = lru();
    let builds = 0;
    const slow = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 5));
      return { weight: 1, n: builds };
    };
    const [x, y] = await Promise.all([cache.get('k', 's', slow), cache.get('k', 's', slow)]);
    expect(x).toBe(y);
    expect(builds).toBe(1);
    await expect(cache.get('f', 's', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect((await cache.get('f', 's', async () => ({ weight: 1, n: 7 }))).n).toBe(7);
  });
});
