import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { currentUserKeys } from '../../../lib/current-user.ts';
import { idsOf, updateStoredUser } from '../../../lib/session.ts';

/** POST /api/send_request {userId}. */
export function sendFriendRequest(userId: string): Promise<unknown> {
  return data(api.POST('/api/send_request', { body: { userId } }));
}

/** docs/product.md §4: on success the id joins the stored sent list. */
export function rememberSentRequest(userId: string): void {
  updateStoredUser((u) => {
    const sent = idsOf(u.friendRequests?.sent);
    return {
      ...u,
      friendRequests: {
        sent: sent.includes(userId) ? sent : [...sent, userId],
        received: idsOf(u.friendRequests?.received),
      },
    };
  });
}

/**
 * The stored record is updated in the mutation's own onSuccess, which runs for every call (the
 * callbacks given to mutate() run only for the latest one); screens await mutateAsync() per row.
 */
export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: (_data, userId) => {
      rememberSentRequest(userId);
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
