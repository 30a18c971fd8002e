import { LIMITS, type Comment } from '@memory-map/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { conversationKeys } from './keys.ts';

/**
 * GET /api/pins/{id}/comments: the thread, oldest first. The screen reads the first
 * LIMITS.commentsPageMax; a longer thread says how many more there are (memory-view.tsx) rather
 * than page: rare on a memory among friends.
 */
export function fetchComments(pinId: string, signal?: AbortSignal): Promise<Comment[]> {
  return api<Comment[]>(`/api/pins/${encodeURIComponent(pinId)}/comments?limit=${LIMITS.commentsPageMax}`, { signal });
}

export function useComments(pinId: string) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: conversationKeys.comments(user?._id ?? null, pinId),
    queryFn: ({ signal }) => fetchComments(pinId, signal),
    enabled: Boolean(token),
  });
}
