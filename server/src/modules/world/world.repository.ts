import type { Queryable } from '../../db/queryable.ts';
import { memoryAccessFilter, userViewer } from '../access/index.ts';

/** The author's memories the viewer may read, by when they happened (pins_author_happened_idx). */
export function readableMemoriesOf(db: Queryable, viewerId: string, authorId: string) {
  return db
    .selectFrom('pins')
    .select(['pins.id', 'pins.latitude', 'pins.longitude', 'pins.happened_at'])
    .where('pins.author_id', '=', authorId)
    .where((eb) => memoryAccessFilter(eb, userViewer(viewerId), 'memory.read'))
    .orderBy('pins.happened_at')
    .orderBy('pins.id')
    .execute();
}
