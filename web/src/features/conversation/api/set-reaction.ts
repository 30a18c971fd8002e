import type { ReactionEmoji } from '@memory-map/shared';
import { api, data } from '../../../lib/api-client.ts';
import type { AnswerOf } from '../../../lib/api/types.ts';

/** PUT /api/pins/{id}/reaction: answers the memory's counts after it. */
export function putReaction(pinId: string, emoji: ReactionEmoji): Promise<AnswerOf<'putApiPinsByIdReaction'>> {
  return data(api.PUT('/api/pins/{id}/reaction', { params: { path: { id: pinId } }, body: { emoji } }));
}

/** DELETE /api/pins/{id}/reaction. */
export async function removeReaction(pinId: string): Promise<void> {
  await api.DELETE('/api/pins/{id}/reaction', { params: { path: { id: pinId } } });
}
