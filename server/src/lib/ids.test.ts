import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUuid, uuidv7 } from './ids.ts';

const timeOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('uuidv7', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes ids that only grow within a process, thousands in one millisecond', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_000);
    const ids = Array.from({ length: 10_000 }, () => uuidv7());
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!, `${ids[i - 1]} then ${ids[i]}`).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Past the counter's room the time is borrowed from the following milliseconds, a few at most.
    expect(timeOf(ids[0]!)).toBe(1_790_000_000_000);
    expect(timeOf(ids.at(-1)!) - 1_790_000_000_000).toBeLessThan(10);
  });

  it('keeps growing when the clock steps back', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_500);
    const before = uuidv7();
    now.mockReturnValue(1_790_000_000_100);
    const after = uuidv7();
    expect(after > before).toBe(true);
    now.mockReturnValue(1_790_000_000_900);
    expect(timeOf(uuidv7())).toBe(1_790_000_000_900);
  });

  it('is a valid version 7, variant 10 UUID carrying its time', () => {
    const id = uuidv7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(timeOf(uuidv7(1_700_000_000_123))).toBe(1_700_000_000_123);
  });
});
