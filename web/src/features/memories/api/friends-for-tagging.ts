import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { friendsQueryOptions } from '../../../lib/friends.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The tag modal's friends: the viewer's friends list (lib/friends.ts), the same query Friends
 * shows. A failure is logged only and the list stays empty (docs/product.md §8). Asked again each
 * time the modal opens (the last answer shows meanwhile): friends come and go on other screens and
 * other devices, and a stale list would hide a new friend or offer an ex-friend the server refuses
 * to tag.
 */
export function useTaggableFriends(enabled = true) {
  const { user } = useSession();
  const query = useQuery(friendsQueryOptions(user?._id ?? null, enabled));
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load friends to tag', error);
  }, [error]);
  return query;
}
