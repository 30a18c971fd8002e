import type { Comment } from '@memory-map/shared';
import { api } from '../../../lib/api-client.ts';

/** POST /api/pins/{id}/comments. */
export function sendComment(pinId: string, text: string): Promise<Comment> {
  return api<Comment>(`/api/pins/${encodeURIComponent(pinId)}/comments`, { method: 'POST', json: { text } });
}

/** DELETE /api/comments/{id}: one's own, or one on one's memory. */
export function deleteComment(id: string): Promise<void> {
  return api<void>(`/api/comments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
