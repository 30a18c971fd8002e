import { buffer } from 'node:stream/consumers';
import { LIMITS } from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-types.ts';
import { displayBackfillRepository } from './display-backfill.repository.ts';
import { displayCopyOf, displayKeyOf, imageDecodes } from './images.ts';
import { parsePhotos, serializePhotos, type StoredPhoto } from './pin-photos.ts';

const PAGE = 200;

/** A photo that may need a display size: larger than it, or of a size not recorded. */
function mayNeedDisplay(photo: StoredPhoto): boolean {
  if (photo.display) return false;
  if (photo.width === null || photo.height === null) return true;
  return Math.max(photo.width, photo.height) > LIMITS.displayLongestSide;
}

/**
 * Photos stored before display sizes existed get theirs here (docs/design.md §12): the memory's
 * cards and popups then load 1080 px instead of the full photo. Run by the sweeping worker at
 * start-up and hourly (plugins/housekeeping.ts), one photo at a time through the same decode
 * queue as uploads, so a server with years of photos catches up without slowing anyone.
 *
 * The memory's photo list is written only if it is still the one read (compare and set): an edit
 * that replaced the photos meanwhile wins, and a copy made for a photo no longer there is deleted.
 * Returns how many photos got a display size; `signal` stops it between two photos (shutdown).
 */
export async function backfillDisplayCopies(ctx: AppContext, log: FastifyBaseLogger, options: { signal?: AbortSignal } = {}): Promise<number> {
  const db = ctx.db.kysely;
  let made = 0;
  let after = '';
  for (;;) {
    if (options.signal?.aborted) return made;
    const rows = await displayBackfillRepository.withPhotosAfter(db, after, PAGE).execute();
    if (rows.length === 0) return made;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const photos = parsePhotos(row.photos);
      if (!photos.some(mayNeedDisplay)) continue;
      const updated: StoredPhoto[] = [];
      const written: string[] = [];
      for (const photo of photos) {
        if (options.signal?.aborted) return made;
        if (!mayNeedDisplay(photo)) {
          updated.push(photo);
          continue;
        }
        const stored = await ctx.media.get(photo.key);
        if (!stored) {
          updated.push(photo);
          continue;
        }
        const result = await imageDecodes.run(async () => displayCopyOf(photo.key, await buffer(stored.body))).catch((err: unknown) => {
          log.warn({ err, key: photo.key }, 'could not make a display size of a photo');
          return undefined;
        });
        if (!result) {
          updated.push(photo);
          continue;
        }
        if (result.copy) {
          await ctx.media.put(displayKeyOf(photo.key), result.copy.body, result.copy.contentType);
          written.push(displayKeyOf(photo.key));
        }
        // A photo no larger than the display size gets its size recorded, so it is not read again.
        updated.push({ ...photo, width: result.width, height: result.height, ...(result.copy ? { display: true } : {}) });
      }
      const before = serializePhotos(photos);
      const next = serializePhotos(updated);
      if (next === before) continue;
      if (await displayBackfillRepository.savePhotosIfUnchanged(db, row.id, row.photos, next)) {
        made += written.length;
      } else {
        // The memory changed meanwhile: its new list decides; copies of photos it no longer has go.
        const keep = new Set(parsePhotos(await displayBackfillRepository.photosOf(db, row.id)).map((p) => displayKeyOf(p.key)));
        await Promise.all(written.filter((key) => !keep.has(key)).map((key) => ctx.media.delete(key)));
      }
    }
  }
}
