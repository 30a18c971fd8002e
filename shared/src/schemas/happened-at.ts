import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * When a memory happened (docs/design.md §12): a calendar date alone ('2023-07-14' — that day,
 * wherever the author was), or a date and time with its time zone ('2023-07-14T18:30:00+02:00'),
 * stored as the UTC instant. A date alone stays a date: turned into midnight UTC it would show as
 * the day before to everyone west of Greenwich.
 */
export const HAPPENED_AT_MESSAGES = {
  format: 'happenedAt must be a date (YYYY-MM-DD) or a date and time with a time zone (ISO 8601)',
  tooEarly: `happenedAt must not be before ${LIMITS.happenedAtEarliestYear}`,
  tooLate: 'happenedAt must not be more than a day in the future',
} as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))$/i;

/** True for a real calendar day (no 30 February). */
function isCalendarDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A date alone is YYYY-MM-DD (10 characters); everything else stored is a full UTC instant. */
export function isDateOnly(value: string): boolean {
  return DATE_RE.test(value);
}

export type HappenedAtProblem = keyof typeof HAPPENED_AT_MESSAGES;

/**
 * The stored form of a happenedAt value ('YYYY-MM-DD', or an ISO instant in UTC), or what is
 * wrong with it. `now` decides what "a day in the future" is.
 */
export function normalizeHappenedAt(raw: string, now: number = Date.now()): { value: string } | { problem: HappenedAtProblem } {
  const text = raw.trim();
  const date = DATE_RE.exec(text);
  const dateTime = date ? null : DATE_TIME_RE.exec(text);
  const parts = date ?? dateTime;
  if (!parts) return { problem: 'format' };
  const [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (!isCalendarDate(y, m, d)) return { problem: 'format' };
  let value: string;
  let instant: number;
  if (date) {
    value = text;
    instant = Date.UTC(y, m - 1, d);
  } else {
    const [hh, mm, ss] = [Number(dateTime![4]), Number(dateTime![5]), Number(dateTime![6] ?? 0)];
    const [oh, om] = [Number(dateTime![8] ?? 0), Number(dateTime![9] ?? 0)];
    if (hh > 23 || mm > 59 || ss > 59 || oh > 23 || om > 59) return { problem: 'format' };
    instant = Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (!Number.isFinite(instant)) return { problem: 'format' };
    value = new Date(instant).toISOString();
  }
  if (instant < Date.UTC(LIMITS.happenedAtEarliestYear, 0, 1)) return { problem: 'tooEarly' };
  if (instant > now + LIMITS.happenedAtMaxAheadMs) return { problem: 'tooLate' };
  return { value };
}

/**
 * The happenedAt field of create and update. Absent or empty is undefined: create then uses the
 * moment of posting, update keeps what the memory had (the original client never sends it).
 */
export const happenedAtSchema = z
  .string({ error: 'happenedAt must be text' })
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return undefined;
    const result = normalizeHappenedAt(raw);
    if ('value' in result) return result.value;
    ctx.addIssue({ code: 'custom', message: HAPPENED_AT_MESSAGES[result.problem] });
    return z.NEVER;
  });
