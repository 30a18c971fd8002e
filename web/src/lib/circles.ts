import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from './api-client.ts';
import type { Circle } from './api/types.ts';
import { useSession } from './session.ts';

/**
 * The viewer's circles (docs/design.md §17): managed from Friends and offered by the memory
 * forms' visibility picker, so the query lives here rather than in either feature. The viewer's
 * id is part of the key so one person's circles never show for the next person on the device.
 */
export const circlesKeyRoot = ['circles'] as const;
export const circlesKey = (viewerId: string | null) => [...circlesKeyRoot, viewerId] as const;

/** GET /api/circles: the viewer's circles, by name, with their members' ids. */
export function fetchCircles(signal?: AbortSignal): Promise<Circle[]> {
  return data(api.GET('/api/circles', { signal }));
}

export function circlesQueryOptions(viewerId: string | null, enabled: boolean) {
  return queryOptions({ queryKey: circlesKey(viewerId), queryFn: ({ signal }) => fetchCircles(signal), enabled });
}

export function useCircles() {
  const { token, user } = useSession();
  return useQuery(circlesQueryOptions(user?._id ?? null, Boolean(token)));
}
