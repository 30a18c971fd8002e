import type { Pin } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { memoriesRepository } from '../memories/memories.repository.ts';
import { presentPins } from '../memories/memories.service.ts';
import { DATED_BY, onThisDay } from './memory-day.ts';
import { onThisDayRepository } from './on-this-day.repository.ts';

/** At most this many memories come back (a card, not a feed). */
export const ON_THIS_DAY_MAX = 50;
/**
 * Memories read from the windows before the exact date test. A window is about a day and a half
 * wide, so this leaves room for many times the memories of the day itself.
 */
const CANDIDATES_MAX = 1000;

/**
 * The viewer's own memories from today's month and day, in their time zone, in earlier years,
 * newest first (docs/design.md §11). Own memories only: nobody else's past comes back uninvited.
 */
export async function ownOnThisDay(ctx: AppContext, viewerId: string, timeZone: string, nowMs = Date.now()): Promise<Pin[]> {
  const db = ctx.db.kysely;
  const first = await onThisDayRepository.firstDate(db, viewerId);
  if (!first) return [];
  // A year earlier than the oldest memory's UTC year: its local date may still be 31 December.
  const { windows, isOnThisDay } = onThisDay(nowMs, timeZone, new Date(first).getUTCFullYear() - 1);
  if (windows.length === 0) return [];
  const candidates = await onThisDayRepository.inWindows(db, viewerId, windows, CANDIDATES_MAX);
  const ids = candidates.filter((c) => isOnThisDay(c.at)).slice(0, ON_THIS_DAY_MAX).map((c) => c.id);
  if (ids.length === 0) return [];
  const rows = await memoriesRepository.findManyVisible(db, viewerId, ids);
  rows.sort((a, b) => (a[DATED_BY] < b[DATED_BY] ? 1 : a[DATED_BY] > b[DATED_BY] ? -1 : 0));
  return presentPins(ctx, viewerId, rows);
}
