import { api, data } from '../../../lib/api-client.ts';
import type { Comment } from '../../../lib/api/types.ts';

/** POST /api/pins/{id}/comments. */
export function sendComment(pinId: string, text: string): Promise<Comment> {
  return data(api.POST('/api/pins/{id}/comments', { params: { path: { id: pinId } }, body: { text } }));
}

/** DELETE /api/comments/{id}: one's own, or one on one's memory. */
export async function deleteComment(id: string): Promise<void> {
  await api.DELETE('/api/comments/{id}', { params: { path: { id } } });
}
