import type { PinReactions, ReactionEmoji } from '@memory-map/shared';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/pins/{id}/reaction: answers the memory's counts after it. */
export function putReaction(pinId: string, emoji: ReactionEmoji): Promise<{ pinId: string; commentCount: number; reactions: PinReactions }> {
  return api(`/api/pins/${encodeURIComponent(pinId)}/reaction`, { method: 'PUT', json: { emoji } });
}

/** DELETE /api/pins/{id}/reaction. */
export function removeReaction(pinId: string): Promise<void> {
  return api<void>(`/api/pins/${encodeURIComponent(pinId)}/reaction`, { method: 'DELETE' });
}
