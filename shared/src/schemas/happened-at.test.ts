import { describe, expect, it } from 'vitest';
import { isDateOnly, normalizeHappenedAt } from './happened-at.ts';

const now = Date.UTC(2024, 5, 15, 12, 0, 0);

describe('normalizeHappenedAt', () => {
  it('keeps a date alone and turns a moment into its UTC instant', () => {
    expect(normalizeHappenedAt('2023-07-14', now)).toEqual({ value: '2023-07-14' });
    expect(normalizeHappenedAt(' 2023-07-14T18:30:05.123+02:00 ', now)).toEqual({ value: '2023-07-14T16:30:05.123Z' });
    expect(normalizeHappenedAt('2023-07-14T18:30-0530', now)).toEqual({ value: '2023-07-15T00:00:00.000Z' });
    expect(isDateOnly('2023-07-14')).toBe(true);
    expect(isDateOnly('2023-07-14T00:00:00.000Z')).toBe(false);
  });

  it('allows exactly a day ahead and no more', () => {
    expect(normalizeHappenedAt(new Date(now + 86_400_000).toISOString(), now)).toHaveProperty('value');
    expect(normalizeHappenedAt(new Date(now + 86_400_001).toISOString(), now)).toEqual({ problem: 'tooLate' });
    expect(normalizeHappenedAt('2024-06-16', now)).toHaveProperty('value');
    expect(normalizeHappenedAt('2024-06-17', now)).toEqual({ problem: 'tooLate' });
  });

  it('starts at 1900', () => {
    expect(normalizeHappenedAt('1900-01-01', now)).toHaveProperty('value');
    expect(normalizeHappenedAt('1899-12-31', now)).toEqual({ problem: 'tooEarly' });
  });

  it.each(['2023-02-29', '2023-13-01', '2023-7-14', '2023-07-14T18:30', '2023-07-14T18:60Z', '2023-07-14 18:30Z', 'soon', ''])(
    'refuses %j',
    (raw) => {
      expect(normalizeHappenedAt(raw, now)).toEqual({ problem: 'format' });
    },
  );
});
