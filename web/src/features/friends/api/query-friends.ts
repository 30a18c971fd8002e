import { useQuery } from '@tanstack/react-query';
import { friendsQueryOptions } from '../../../lib/friends.ts';
import { useSession } from '../../../lib/session.ts';

/** The viewer's friends (lib/friends.ts: the tag picker reads the same query). */
export function useFriends() {
  const { token, user } = useSession();
  return useQuery(friendsQueryOptions(user?._id ?? null, Boolean(token)));
}
