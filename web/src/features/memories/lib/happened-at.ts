import { LIMITS, normalizeHappenedAt } from '@memory-map/shared';

/** The form's "When it happened": a date, and a time that may be left empty (docs/design.md §12). */
export interface WhenFields {
  /** YYYY-MM-DD, the author's own calendar day. */
  date: string;
  /** HH:MM in the author's time zone, or '' for the date alone. */
  time: string;
}

export const WHEN_MESSAGES = {
  missing: 'Enter the date it happened',
  format: 'Enter the date it happened',
  tooEarly: `The date must be in ${LIMITS.happenedAtEarliestYear} or later`,
  tooLate: 'The date cannot be more than a day in the future',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function localTime(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The fields for a stored value: a date alone leaves the time empty; a moment reads in local time. */
export function whenFieldsOf(value: string | undefined, now: Date = new Date()): WhenFields {
  if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { date: value, time: '' };
  const d = value ? new Date(value) : now;
  const at = Number.isNaN(d.getTime()) ? now : d;
  return { date: localDate(at), time: localTime(at) };
}

/** What the form sends: the date alone, or the local date and time as an ISO instant. */
export function happenedAtOf({ date, time }: WhenFields): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return date;
  return new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])).toISOString();
}

/** The person's words for what is wrong with the fields (the server checks the same rule), or null. */
export function whenProblem(fields: WhenFields, now: number = Date.now()): string | null {
  if (!fields.date) return WHEN_MESSAGES.missing;
  const result = normalizeHappenedAt(happenedAtOf(fields), now);
  return 'problem' in result ? WHEN_MESSAGES[result.problem] : null;
}

/** The latest date the date picker offers: tomorrow (a day ahead is allowed). */
export function latestDate(now: Date = new Date()): string {
  return localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

export const EARLIEST_DATE = `${LIMITS.happenedAtEarliestYear}-01-01`;
