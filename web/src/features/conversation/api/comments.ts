import { LIMITS } from '@memory-map/shared';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api, linkQuery, nextLink } from '../../../lib/api-client.ts';
import type { Comment } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { conversationKeys, OPEN_SCREEN_REFRESH_MS } from './keys.ts';

/** One page of a thread, oldest first; `next` is the Link header's next page, when there is one. */
export interface CommentsPage {
  comments: Comment[];
  next: string | null;
}
export type CommentsData = InfiniteData<CommentsPage, string>;

const firstPage = (pinId: string) => `/api/pins/${encodeURIComponent(pinId)}/comments?limit=${LIMITS.commentsPageMax}`;

/** GET /api/pins/{id}/comments: a page of the thread, oldest first; the next page is in Link. */
export async function fetchCommentsPage(pinId: string, url: string, signal?: AbortSignal): Promise<CommentsPage> {
  const { data, response } = await api.GET('/api/pins/{id}/comments', { params: { path: { id: pinId } }, ...linkQuery(url), signal });
  return { comments: data ?? [], next: nextLink(response.headers) };
}

/** The thread, a page of LIMITS.commentsPageMax at a time ("Show more comments" asks the next). */
export function useComments(pinId: string) {
  const { token, user } = useSession();
  return useInfiniteQuery({
    queryKey: conversationKeys.comments(user?._id ?? null, pinId),
    queryFn: ({ pageParam, signal }) => fetchCommentsPage(pinId, pageParam, signal),
    initialPageParam: firstPage(pinId),
    getNextPageParam: (last: CommentsPage) => last.next ?? undefined,
    enabled: Boolean(token),
    refetchInterval: OPEN_SCREEN_REFRESH_MS,
  });
}

/** Every comment of the pages loaded, in order. */
export function commentsOf(data: InfiniteData<CommentsPage, unknown> | undefined): Comment[] {
  return data?.pages.flatMap((p) => p.comments) ?? [];
}

/**
 * A comment just sent joins the thread on screen, once: at its end when the last page is loaded
 * (otherwise it comes with that page).
 */
export function addSentComment(queryClient: QueryClient, key: readonly unknown[], saved: Comment): void {
  queryClient.setQueryData<CommentsData>(key, (data) => {
    if (!data || commentsOf(data).some((c) => c.id === saved.id)) return data;
    const last = data.pages[data.pages.length - 1];
    if (!last || last.next) return data;
    return { ...data, pages: [...data.pages.slice(0, -1), { ...last, comments: [...last.comments, saved] }] };
  });
}

/** A comment deleted leaves whichever page holds it. */
export function dropComment(queryClient: QueryClient, key: readonly unknown[], id: string): void {
  queryClient.setQueryData<CommentsData>(key, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, comments: p.comments.filter((c) => c.id !== id) })) } : data,
  );
}
