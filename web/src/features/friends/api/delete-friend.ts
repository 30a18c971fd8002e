import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { friendshipChanged } from '../../../lib/effects/friendship.ts';
import { useSession } from '../../../lib/session.ts';

/** DELETE /api/delete_friend {userId}: ends the friendship both ways. */
export function deleteFriend(userId: string): Promise<unknown> {
  return data(api.DELETE('/api/delete_friend', { body: { userId } }));
}

/**
 * docs/product.md §4: the friend leaves the list and the viewer's record at once, and the list is
 * asked again (lib/effects/friendship.ts).
 */
export function useDeleteFriend() {
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFriend,
    onSuccess: (_data, userId) => void friendshipChanged(queryClient, viewerId, { kind: 'removed', userId, by: 'viewer' }),
  });
}
