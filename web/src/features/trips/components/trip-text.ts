import type { Visibility } from '@memory-map/shared';

/** The trips screens' words (the server's own messages are shown as it says them). */
export const TRIP_TEXT = {
  titleRequired: 'Give the trip a title',
  titleTooLong: "A trip's title must be at most 100 characters",
  saveFailed: 'Failed to save the trip',
  loadFailed: 'Could not load this trip.',
  notFound: 'This trip could not be found.',
  noTrips: 'No trips yet. A trip gathers memories into a route with numbered stops.',
  noMemoriesYet: 'No memories yet: add some on the map first.',
  noneReadable: 'No memories of this trip that you can see.',
  signIn: 'Sign in to see this.',
  worldFailed: 'Could not load this world.',
} as const;

/** Who may open a trip's page. */
export const TRIP_VISIBILITY_LABELS: Record<Visibility, string> = {
  '1': 'Only you',
  '2': 'Friends',
  '3': 'Everyone',
};

/** '2024-05-01' or an instant → '1 May 2024' (the day, as the memory's own date shows it). */
export function tripDay(happenedAt: string | null): string {
  if (!happenedAt) return '';
  const d = new Date(happenedAt.length === 10 ? `${happenedAt}T12:00:00Z` : happenedAt);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "1 May – 9 May 2024", or one day. */
export function tripDates(startsAt: string | null, endsAt: string | null): string {
  const a = tripDay(startsAt);
  const b = tripDay(endsAt);
  return a && b && a !== b ? `${a} – ${b}` : a;
}
