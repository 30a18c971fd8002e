import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { friendshipChanged } from '../../../lib/effects/friendship.ts';
import { useSession } from '../../../lib/session.ts';

/** POST /api/send_request {userId}. */
export function sendFriendRequest(userId: string): Promise<unknown> {
  return data(api.POST('/api/send_request', { body: { userId } }));
}

/**
 * docs/product.md §4: on success the id joins the viewer's sent list (lib/effects/friendship.ts).
 * That happens in the mutation's own onSuccess, which runs for every call (the
 * callbacks given to mutate() run only for the latest one); screens await mutateAsync() per row.
 */
export function useSendFriendRequest() {
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: (_data, userId) => void friendshipChanged(queryClient, viewerId, { kind: 'request-sent', userId }),
  });
}
