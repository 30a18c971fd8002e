import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { idsOf, updateStoredUser } from '../../../lib/session.ts';

/** POST /api/send_request {userId}. */
export function sendFriendRequest(userId: string): Promise<unknown> {
  return api('/api/send_request', { method: 'POST', json: { userId } });
}

/** SPEC.md §4: on success the id joins the stored sent list. */
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

export function useSendFriendRequest() {
  return useMutation({ mutationFn: sendFriendRequest });
}
