import type { Queryable } from '../../db/queryable.ts';
import { reachedByLink, sharableBy } from '../access/index.ts';

export interface NewLink {
  pinId: string;
  viewerId: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

/** What the share page shows: the memory and its author's username, nothing more. */
export interface SharedMemoryRow {
  id: string;
  title: string;
  description: string;
  location_name: string;
  /** pins.photos (media/pin-photos.ts). */
  photos: string;
  created_at: string;
  happened_at: string;
  author_username: string;
}

export const shareLinksRepository = {
  /**
   * Makes the memory's link, replacing any earlier one, in one statement that also checks the
   * viewer may share it: nothing is written (undefined) for a memory they may not share or that
   * does not exist, and two requests at once leave exactly one link.
   */
  upsert(db: Queryable, link: NewLink) {
    return db
      .insertInto('share_links')
      .columns(['pin_id', 'token_hash', 'created_at', 'expires_at'])
      .expression((eb) =>
        eb
          .selectFrom('pins')
          .select((s) => [
            'pins.id',
            s.val(link.tokenHash).as('token_hash'),
            s.val(link.createdAt).as('created_at'),
            s.val(link.expiresAt).as('expires_at'),
          ])
          .where('pins.id', '=', link.pinId)
          .where((w) => sharableBy(w, link.viewerId)),
      )
      .onConflict((oc) =>
        oc.column('pin_id').doUpdateSet((eb) => ({
          token_hash: eb.ref('excluded.token_hash'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .returning('expires_at')
      .executeTakeFirst();
  },

  /** The memory if the viewer may share it (undefined otherwise), with its live link's expiry if any. */
  findSharable(db: Queryable, viewerId: string, pinId: string, nowIso: string) {
    return db
      .selectFrom('pins')
      .leftJoin('share_links', (join) => join.onRef('share_links.pin_id', '=', 'pins.id').on('share_links.expires_at', '>', nowIso))
      .select(['pins.id', 'share_links.expires_at'])
      .where('pins.id', '=', pinId)
      .where((eb) => sharableBy(eb, viewerId))
      .executeTakeFirst();
  },

  deleteOfPin(db: Queryable, pinId: string) {
    return db.deleteFrom('share_links').where('pin_id', '=', pinId).execute();
  },

  /** The memory a live link reaches, with what the share page may show of it. */
  findShared(db: Queryable, tokenHash: string, nowIso: string): Promise<SharedMemoryRow | undefined> {
    return db
      .selectFrom('pins')
      .innerJoin('users', 'users.id', 'pins.author_id')
      .select([
        'pins.id',
        'pins.title',
        'pins.description',
        'pins.location_name',
        'pins.photos',
        'pins.created_at',
        'pins.happened_at',
        'users.username as author_username',
      ])
      .where((eb) => reachedByLink(eb, tokenHash, nowIso))
      .executeTakeFirst();
  },

  deleteExpired(db: Queryable, nowIso: string) {
    return db.deleteFrom('share_links').where('expires_at', '<=', nowIso).executeTakeFirst();
  },
};
