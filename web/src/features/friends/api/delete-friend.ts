import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { idsOf, updateStoredUser } from '../../../lib/session.ts';

/** DELETE /api/delete_friend {userId}: ends the friendship both ways. */
export function deleteFriend(userId: string): Promise<unknown> {
  return data(api.DELETE('/api/delete_friend', { body: { userId } }));
}

/** Drops the friend from the stored user record (docs/product.md §4). */
export function forgetFriend(userId: string): void {
  updateStoredUser((u) => ({ ...u, friends: idsOf(u.friends).filter((id) => id !== userId) }));
}

export function useDeleteFriend() {
  return useMutation({ mutationFn: deleteFriend });
}
