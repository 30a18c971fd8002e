import { sql, SqliteAdapter } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';

/** Read on every profile load: compiled once (db/prepared-query.ts). */
const findByIdQuery = preparedQuery('users.findById', (db, args: { id: string }) =>
  db.selectFrom('users').selectAll().where('id', '=', args.id),
);

// The user's own record carries their friend and request ids, read on every profile load.
type OfUser = { userId: string };

const friendIdsQuery = preparedQuery('users.friendIds', (db, args: OfUser) =>
  db.selectFrom('friendships').select('friend_id').where('user_id', '=', args.userId),
);

const sentRequestIdsQuery = preparedQuery('users.sentRequestIds', (db, args: OfUser) =>
  db.selectFrom('friend_requests').select('to_id').where('from_id', '=', args.userId),
);

const receivedRequestIdsQuery = preparedQuery('users.receivedRequestIds', (db, args: OfUser) =>
  db.selectFrom('friend_requests').select('from_id').where('to_id', '=', args.userId).orderBy('created_at', 'desc').orderBy('from_id', 'desc'),
);

export const usersRepository = {
  friendIds(db: Queryable, userId: string) {
    return friendIdsQuery.all(db, { userId });
  },

  sentRequestIds(db: Queryable, userId: string) {
    return sentRequestIdsQuery.all(db, { userId });
  },

  receivedRequestIds(db: Queryable, userId: string) {
    return receivedRequestIdsQuery.all(db, { userId });
  },

  insert(db: Queryable, row: Insertable<UsersTable>) {
    return db.insertInto('users').values(row).execute();
  },

  /** docs/design.md §18: the oldest account becomes the admin while the server has none. */
  makeFirstAdmin(db: Queryable) {
    return db
      .updateTable('users')
      .set({ is_admin: 1 })
      .where('id', '=', (eb) => eb.selectFrom('users as u').select((e) => e.fn.min('u.id').as('id')))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('users as a').select('a.id').where('a.is_admin', '=', 1))))
      .execute();
  },

  findById(db: Queryable, id: string) {
    return findByIdQuery.first(db, { id });
  },

  findByUsername(db: Queryable, username: string) {
    return db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
  },

  /** Which of the two unique values is already taken (case-insensitive). */
  findClashes(db: Queryable, usernameLower: string, emailLower: string) {
    return db
      .selectFrom('users')
      .select(['username_lower', 'email_lower'])
      .where((eb) => eb.or([eb('username_lower', '=', usernameLower), eb('email_lower', '=', emailLower)]))
      .execute();
  },

  /**
   * One page of everyone but the viewer, by lower-cased username (the unique index gives the
   * order and the keyset).
   * `pattern` is a ready LIKE pattern on username_lower whose wildcards use `\` as escape.
   */
  listOthers(db: Queryable, viewerId: string, page: { pattern?: string; after?: string; limit: number }) {
    let query = db
      .selectFrom('users')
      .select(['users.id', 'users.username', 'users.username_lower', 'users.profile_picture', 'users.email'])
      .where('users.id', '!=', viewerId);
    if (page.pattern !== undefined) {
      query = query.where(sql<boolean>`${sql.ref('users.username_lower')} like ${page.pattern} escape '\\'`);
    }
    if (page.after !== undefined) query = query.where('users.username_lower', '>', page.after);
    return query.orderBy('users.username_lower').limit(page.limit).execute();
  },

  updateAccount(db: Queryable, id: string, changes: { username: string; passwordHash?: string }) {
    return db
      .updateTable('users')
      .set({
        username: changes.username,
        username_lower: changes.username.toLowerCase(),
        ...(changes.passwordHash ? { password_hash: changes.passwordHash } : {}),
      })
      .where('id', '=', id)
      .executeTakeFirst();
  },

  updateNames(db: Queryable, id: string, firstName: string, lastName: string) {
    return db.updateTable('users').set({ first_name: firstName, last_name: lastName }).where('id', '=', id).execute();
  },

  /**
   * Compare-and-swap of the picture key: succeeds (1) only if the row still holds `oldKey`, so
   * of two concurrent uploads each learns exactly which old key it replaced.
   */
  /**
   * Points the user at a new picture if the row still holds `oldKey` and the picture's intent
   * (media/image-changes.ts) is still open, in one statement: the fence and the change commit
   * together. On PostgreSQL the intent is share-locked until then, so settling it waits.
   */
  async swapProfilePicture(db: Queryable, id: string, oldKey: string | null, newKey: string, intentId: string): Promise<number> {
    const result = await db
      .updateTable('users')
      .set({ profile_picture: newKey })
      .where('id', '=', id)
      .where((eb) => (oldKey === null ? eb('profile_picture', 'is', null) : eb('profile_picture', '=', oldKey)))
      .where((eb) => {
        const open = eb.selectFrom('media_intents').select('id').where('id', '=', intentId).where('state', '=', 'open');
        return eb.exists(db.getExecutor().adapter instanceof SqliteAdapter ? open : open.forShare());
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
