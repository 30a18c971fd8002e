import { LIMITS, normalizeHappenedAt, UNKNOWN_LOCATION } from '@memory-map/shared';
import { takenAtInstant } from '../../../lib/photo-taken.ts';

/** '12 May 2019' for a wall-clock capture time, in the person's language. */
export function longDate(takenAt: string): string {
  const d = new Date(takenAtInstant(takenAt));
  return d.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** What an imported memory says about itself until the person writes more (the server needs a description). */
export function importedDescription(photoCount: number, takenAt: string | null): string {
  const photos = photoCount === 1 ? '1 photo' : `${photoCount} photos`;
  return takenAt ? `Made from ${photos} taken on ${longDate(takenAt)}.` : `Made from ${photos}.`;
}

/** The memory's happenedAt from its first photo; none when the camera's clock gives a date the server refuses. */
export function happenedAtFrom(takenAt: string | null): string | undefined {
  if (!takenAt) return undefined;
  const instant = takenAtInstant(takenAt);
  return 'problem' in normalizeHappenedAt(instant, Date.now()) ? undefined : instant;
}

/** A title for each part of a suggestion saved as several memories. */
export function partTitle(title: string, part: number, parts: number): string {
  if (parts <= 1) return title.slice(0, LIMITS.titleMax);
  const suffix = ` (${part} of ${parts})`;
  return `${title.slice(0, LIMITS.titleMax - suffix.length)}${suffix}`;
}

/** A suggestion's title until the person writes one: its place's name, else the day its photos were taken. */
export function defaultTitle(placeName: string | undefined, takenAt: string | null): string {
  if (placeName && placeName !== UNKNOWN_LOCATION) return placeName;
  return takenAt ? `Photos of ${longDate(takenAt)}` : 'Photos';
}
