import type { PinType } from '@memory-map/shared';
import type { Pin } from './api/types.ts';

/**
 * docs/product.md §4. On the map: own if author equals the user, else public if visibility '3', else
 * friend. In the feed: own if isOwnPin, else the same. The server's pinType is used when present.
 */
export function mapPinType(pin: Pick<Pin, 'author' | 'visibility'> & { pinType?: PinType }, userId: string | undefined): PinType {
  if (pin.pinType) return pin.pinType;
  if (userId && pin.author === userId) return 'own';
  return pin.visibility === '3' ? 'public' : 'friend';
}

export function feedPinType(pin: Pick<Pin, 'visibility'> & { isOwnPin?: boolean; pinType?: PinType }): PinType {
  if (pin.pinType) return pin.pinType;
  if (pin.isOwnPin) return 'own';
  return pin.visibility === '3' ? 'public' : 'friend';
}

const OWN_SUFFIX: Record<string, string> = { '1': 'Private', '2': 'Friends', '3': 'Public' };

/**
 * Badge texts of docs/product.md §4: 'Your Memory (Private/Friends/Public)', 'Friend Memory',
 * 'Public Memory'. The author's memory for a circle names it: 'Your Memory (Family)'
 * (docs/design.md §17); everyone else sees 'Friend Memory'.
 */
export function pinBadgeText(type: PinType, visibility: string, circleName?: string): string {
  if (type === 'own') return `Your Memory (${circleName ?? OWN_SUFFIX[visibility] ?? 'Private'})`;
  return type === 'friend' ? 'Friend Memory' : 'Public Memory';
}

/** Marker colours of docs/product.md §4: own dark, friend indigo, public green (match the CSS tokens). */
export const PIN_COLORS: Record<PinType, string> = { own: '#1e293b', friend: '#4f46e5', public: '#16a34a' };

// One formatter each, made on first use: toLocaleString(…, options) builds a new one on every
// call, and a feed formats a date or two per memory on every render.
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;
const dateTimeFormatter = () => (dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
const dateFormatter = () => (dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

/** Created date and time as people read it, in their own locale. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFormatter().format(d);
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormatter().format(d);
}

/** A date alone ('2023-07-14') is that calendar day wherever one reads it, never shifted by a time zone. */
function calendarDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/**
 * When a memory happened (docs/design.md §12), as people read it: a date alone as a date, a moment
 * as its date and time in the reader's time zone.
 */
export function formatHappenedAt(value: string): string {
  const day = calendarDay(value);
  return day ? dateFormatter().format(day) : formatDateTime(value);
}

/** The date part only (the feed card's date). */
export function formatHappenedDate(value: string): string {
  const day = calendarDay(value);
  return day ? dateFormatter().format(day) : formatDate(value);
}
