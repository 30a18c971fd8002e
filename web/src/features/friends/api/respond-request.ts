import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { currentUserKeys } from '../../../lib/current-user.ts';
import { idsOf, updateStoredUser, useSession } from '../../../lib/session.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';
import { friendsKeys } from './keys.ts';

export type RequestAnswer = 'accept' | 'reject';

/** POST /api/accept_request or /api/reject_request {userId}. */
export function answerFriendRequest(userId: string, answer: RequestAnswer): Promise<unknown> {
  return data(answer === 'accept' ? api.POST('/api/accept_request', { body: { userId } }) : api.POST('/api/reject_request', { body: { userId } }));
}

/**
 * docs/product.md §4: accepted → added to the stored friends if absent and removed from the received
 * list; rejected → removed from the received list.
 */
export function recordAnswer(userId: string, answer: RequestAnswer): void {
  updateStoredUser((u) => {
    const friends = idsOf(u.friends);
    return {
      ...u,
      friends: answer === 'accept' && !friends.includes(userId) ? [...friends, userId] : friends,
      friendRequests: {
        sent: idsOf(u.friendRequests?.sent),
        received: idsOf(u.friendRequests?.received).filter((id) => id !== userId),
      },
    };
  });
}

/**
 * One mutation answers every row. What must follow each success (the stored record, the lists
 * that changed) sits in the mutation's own onSuccess, which runs for every call: the callbacks
 * given to mutate() run only for the latest call, so a row answered while another was still in
 * flight would be lost. Screens await mutateAsync() for each row's own outcome.
 */
export function useAnswerFriendRequest() {
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const queryClient = useQueryClient();
  const invalidateVisibleMemories = useInvalidateVisibleMemories();
  return useMutation({
    mutationFn: ({ userId, answer }: { userId: string; answer: RequestAnswer }) => answerFriendRequest(userId, answer),
    onSuccess: (_data, { userId, answer }) => {
      recordAnswer(userId, answer);
      if (answer === 'accept') {
        // Not the pending list: the answered row stays on screen for its 1.5 s (docs/product.md §4).
        void queryClient.invalidateQueries({ queryKey: friendsKeys.list(viewerId) });
        // The new friend's friends-only memories are ours to see now, on the map as in the feed.
        invalidateVisibleMemories();
      }
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
