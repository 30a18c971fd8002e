import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Pin } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { feedKeys } from './keys.ts';

let zone: { offset: number; name: string } | undefined;

/**
 * The device's time zone: "today" is the person's own date, not the server's. Asked of Intl again
 * only when the offset from UTC changes (a journey, a clock change), since every render of the
 * feed asks and building a formatter each time is not free.
 */
export function deviceTimeZone(): string {
  const offset = new Date().getTimezoneOffset();
  if (zone?.offset !== offset) {
    let name = 'UTC';
    try {
      name = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      // An engine without Intl time zones: the server's day is the best there is.
    }
    zone = { offset, name };
  }
  return zone.name;
}

/** Today's date on this device, e.g. '2026-03-15': part of the key, so a new day asks again. */
export function localDay(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** GET /api/on_this_day?tz=: one's own memories from this date in earlier years, newest first. */
export function fetchOnThisDay(tz: string, signal?: AbortSignal): Promise<Pin[]> {
  return data(api.GET('/api/on_this_day', { params: { query: { tz } }, signal }));
}

export function onThisDayQueryOptions(viewerId: string | null, tz: string, day: string, enabled: boolean) {
  return queryOptions({
    queryKey: feedKeys.onThisDay(viewerId, tz, day),
    queryFn: ({ signal }) => fetchOnThisDay(tz, signal),
    enabled,
    // Past days change only when a memory does, and saving one refreshes every visible-memories key.
    staleTime: 5 * 60_000,
  });
}

export function useOnThisDay() {
  const { token, user } = useSession();
  return useQuery(onThisDayQueryOptions(user?._id ?? null, deviceTimeZone(), localDay(), Boolean(token)));
}
