import type { PinsTable } from '../../db/schema.ts';

/**
 * The moment On This Day dates a memory by: when it happened, not when it was posted
 * (docs/design.md §12), so a memory of 2019 written down today comes back on its own day.
 */
export const DATED_BY = 'happened_at' satisfies keyof PinsTable;

/** A date alone (`YYYY-MM-DD`) is that calendar day in every time zone (docs/design.md §12). */
const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Every civil time zone lies within UTC−12 … UTC+14. */
const MAX_BEHIND_MS = 12 * HOUR_MS;
const MAX_AHEAD_MS = 14 * HOUR_MS;

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    // Bounded: zones are a few hundred names, and only valid ones get here.
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date of an instant in a time zone. */
export function localDate(ms: number, timeZone: string): LocalDate {
  const parts = formatter(timeZone).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The (month, day) pairs that count as "this day": today's, and on 28 February of a year
 * without a 29th, the 29th too, so a leap-day memory still comes back three years in four.
 */
export function daysMatching(today: LocalDate): Array<{ month: number; day: number }> {
  const days = [{ month: today.month, day: today.day }];
  if (today.month === 2 && today.day === 28 && !isLeapYear(today.year)) days.push({ month: 2, day: 29 });
  return days;
}

export interface Window {
  /** ISO 8601, inclusive. */
  from: string;
  /** ISO 8601, exclusive. */
  to: string;
}

/**
 * On This Day for a viewer in `timeZone` at `nowMs`: the UTC windows to read (one per earlier year
 * from `firstYear`, each wide enough to hold that local day in any zone, which keeps the SQL free
 * of time-zone rules) and the exact test each memory found there must pass (`isOnThisDay`). A
 * window holds about a day and a half around the date, so the exact test is what decides; the
 * windows only keep the read to a few short index ranges.
 */
export function onThisDay(nowMs: number, timeZone: string, firstYear: number) {
  const today = localDate(nowMs, timeZone);
  const days = daysMatching(today);
  const windows: Window[] = [];
  for (let year = today.year - 1; year >= firstYear; year--) {
    for (const { month, day } of days) {
      if (month === 2 && day === 29 && !isLeapYear(year)) continue;
      const midnightUtc = Date.UTC(year, month - 1, day);
      windows.push({
        from: new Date(midnightUtc - MAX_AHEAD_MS).toISOString(),
        to: new Date(midnightUtc + DAY_MS + MAX_BEHIND_MS).toISOString(),
      });
    }
  }
  const isOnThisDay = (iso: string): boolean => {
    const bare = BARE_DATE.exec(iso);
    const d = bare ? { year: Number(bare[1]), month: Number(bare[2]), day: Number(bare[3]) } : localDate(Date.parse(iso), timeZone);
    return d.year < today.year && days.some((m) => m.month === d.month && m.day === d.day);
  };
  return { today, windows, isOnThisDay };
}
