import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { idsOf, updateStoredUser } from '../../../lib/session.ts';

export type RequestAnswer = 'accept' | 'reject';

/** POST /api/accept_request or /api/reject_request {userId}. */
export function answerFriendRequest(userId: string, answer: RequestAnswer): Promise<unknown> {
  return api(answer === 'accept' ? '/api/accept_request' : '/api/reject_request', { method: 'POST', json: { userId } });
}

/**
 * SPEC.md §4: accepted → added to the stored friends if absent and removed from the received
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

export function useAnswerFriendRequest() {
  return useMutation({ mutationFn: ({ userId, answer }: { userId: string; answer: RequestAnswer }) => answerFriendRequest(userId, answer) });
}
