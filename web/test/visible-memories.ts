import type { QueryClient } from '@tanstack/react-query';
import { feedKeys } from '../src/features/feed/api/keys.ts';
import { mapKeys } from '../src/features/map/api/keys.ts';

/**
 * A map view and a feed in the cache, as the Map and Feed screens leave them, for tests of what
 * must make them ask again (a friendship that starts or ends).
 */
export function visibleMemoryLists(queryClient: QueryClient) {
  const mapView = mapKeys.view({ bbox: '-10,40,10,60', zoom: 13, types: 'own,friend,public' });
  const feedList = feedKeys.list('me');
  queryClient.setQueryData(mapView, { items: [], truncated: false });
  queryClient.setQueryData(feedList, { pages: [], pageParams: [] });
  return { mapView, feedList };
}
