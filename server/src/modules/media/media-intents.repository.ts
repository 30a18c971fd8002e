import { SqliteAdapter } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import type { MediaIntentsTable } from '../../db/schema.ts';
import { parsePhotos } from './pin-photos.ts';

export type IntentSubject = Pick<MediaIntentsTable, 'subject_table' | 'subject_id'>;

function isSqlite(db: Queryable): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Intent records of image changes in progress; see image-changes.ts for the protocol. */
export const mediaIntentsRepository = {
  insert(db: Queryable, row: MediaIntentsTable) {
    return db.insertInto('media_intents').values(row).execute();
  },

  /** Many intents in a few statements (an account deleted with all its photos). */
  async insertMany(db: Queryable, rows: MediaIntentsTable[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('media_intents').values(rows.slice(i, i + 500)).execute();
  },

  setKeys(db: Queryable, id: string, keys: string) {
    return db.updateTable('media_intents').set({ keys }).where('id', '=', id).execute();
  },

  /**
   * Inside the transaction that commits a change: true while the intent is still open. On
   * PostgreSQL the row is share-locked until that transaction ends, so settling it (an update)
   * waits for the commit and then sees the row the commit wrote. SQLite runs one writer at a time.
   */
  async holdOpen(db: Queryable, id: string): Promise<boolean> {
    const query = db.selectFrom('media_intents').select('id').where('id', '=', id).where('state', '=', 'open');
    const row = await (isSqlite(db) ? query : query.forShare()).executeTakeFirst();
    return row !== undefined;
  },

  async isOpen(db: Queryable, id: string): Promise<boolean> {
    const row = await db.selectFrom('media_intents').select('state').where('id', '=', id).executeTakeFirst();
    return row?.state === 'open';
  },

  /** No request may commit this change any more; waits for a transaction that is committing it. */
  markSettling(db: Queryable, id: string) {
    return db.updateTable('media_intents').set({ state: 'settling' }).where('id', '=', id).execute();
  },

  find(db: Queryable, id: string) {
    return db.selectFrom('media_intents').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A page of intents to settle (ids after `after`): all of `owner`'s (when given) and any made before `before`. */
  listToSettle(db: Queryable, owner: string | null, before: string, after: string, limit: number) {
    return db
      .selectFrom('media_intents')
      .select('id')
      .where((eb) => (owner === null ? eb('created_at', '<', before) : eb.or([eb('owner', '=', owner), eb('created_at', '<', before)])))
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  remove(db: Queryable, id: string) {
    return db.deleteFrom('media_intents').where('id', '=', id).execute();
  },

  /** The image keys the subject row points at now (none when it has none or is gone). */
  async keysInUse(db: Queryable, subject: IntentSubject): Promise<string[]> {
    if (subject.subject_table === 'pins') {
      const row = await db.selectFrom('pins').select('photos').where('id', '=', subject.subject_id).executeTakeFirst();
      return parsePhotos(row?.photos).map((p) => p.key);
    }
    const row = await db.selectFrom('users').select('profile_picture').where('id', '=', subject.subject_id).executeTakeFirst();
    return row?.profile_picture ? [row.profile_picture] : [];
  },
};
