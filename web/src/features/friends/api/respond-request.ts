import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { friendshipChanged } from '../../../lib/effects/friendship.ts';
import { useSession } from '../../../lib/session.ts';

export type RequestAnswer = 'accept' | 'reject';

/** POST /api/accept_request or /api/reject_request {userId}. */
export function answerFriendRequest(userId: string, answer: RequestAnswer): Promise<unknown> {
  return data(answer === 'accept' ? api.POST('/api/accept_request', { body: { userId } }) : api.POST('/api/reject_request', { body: { userId } }));
}

/**
 * One mutation answers every row. What must follow each success (the viewer's record, the lists
 * that changed: lib/effects/friendship.ts) sits in the mutation's own onSuccess, which runs for every call: the callbacks
 * given to mutate() run only for the latest call, so a row answered while another was still in
 * flight would be lost. Screens await mutateAsync() for each row's own outcome.
 */
export function useAnswerFriendRequest() {
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, answer }: { userId: string; answer: RequestAnswer }) => answerFriendRequest(userId, answer),
    // docs/product.md §4: accepted → a friend; either way no longer a received request.
    onSuccess: (_data, { userId, answer }) => void friendshipChanged(queryClient, viewerId, { kind: 'request-answered', userId, answer }),
  });
}
