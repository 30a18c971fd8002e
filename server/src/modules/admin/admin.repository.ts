import { sql, SqliteAdapter } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import { PUBLIC_LEVEL } from '../access/index.ts';

function isSqlite(db: Queryable): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export const adminRepository = {
  /**
   * One page of accounts by lower-cased username (the unique index gives order and keyset), each
   * with how many memories it has. `pattern` is a LIKE pattern (`\` escapes) matched against the
   * username and the e-mail address.
   */
  listUsers(db: Queryable, page: { pattern?: string; after?: string; id?: string; limit: number }) {
    let query = db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        'users.username',
        'users.username_lower',
        'users.email',
        'users.created_at',
        'users.last_seen_at',
        'users.disabled_at',
        'users.is_admin',
        'users.profile_picture',
        eb.selectFrom('pins').select(eb.fn.countAll<number>().as('n')).whereRef('pins.author_id', '=', 'users.id').as('memories'),
      ]);
    if (page.pattern !== undefined) {
      const pattern = page.pattern;
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`${sql.ref('users.username_lower')} like ${pattern} escape '\\'`,
          sql<boolean>`${sql.ref('users.email_lower')} like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (page.after !== undefined) query = query.where('users.username_lower', '>', page.after);
    if (page.id !== undefined) query = query.where('users.id', '=', page.id);
    return query.orderBy('users.username_lower').limit(page.limit).execute();
  },

  /** The photo lists of these users' memories that have any, for their storage. */
  photosOf(db: Queryable, userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('pins').select(['author_id', 'photos']).where('author_id', 'in', userIds).where('photos', '!=', '[]').execute();
  },

  findUser(db: Queryable, id: string) {
    return db.selectFrom('users').select(['id', 'username', 'is_admin', 'disabled_at']).where('id', '=', id).executeTakeFirst();
  },

  /** Admins who can act (enabled): the server must always keep one. */
  async countActiveAdmins(db: Queryable): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_admin', '=', 1)
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async countUsers(db: Queryable): Promise<number> {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Locks the user rows (PostgreSQL) so two admins changing admins at once are serialised, and
   * "never the last admin" holds (SQLite serialises write transactions anyway).
   */
  async lockAdmins(db: Queryable): Promise<void> {
    if (isSqlite(db)) return;
    await sql`select id from users where is_admin = 1 for update`.execute(db);
  },

  setFlags(db: Queryable, id: string, flags: { is_admin?: number; disabled_at?: string | null }) {
    return db.updateTable('users').set(flags).where('id', '=', id).execute();
  },

  /** Where the user's public memories are (they leave or rejoin the map's public cells). */
  publicPlacementsOf(db: Queryable, authorId: string) {
    return db
      .selectFrom('pins')
      .select(['latitude', 'longitude', 'visibility'])
      .where('author_id', '=', authorId)
      .where('visibility', '=', PUBLIC_LEVEL)
      .execute();
  },

  friendIdsOf(db: Queryable, userId: string) {
    return db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).execute();
  },

  /** Memories and photos on the whole server (photos: the length of each memory's JSON list). */
  async totals(db: Queryable): Promise<{ memories: number; photos: number }> {
    const length = isSqlite(db) ? sql<number>`json_array_length(photos)` : sql<number>`json_array_length(photos::json)`;
    const row = await db
      .selectFrom('pins')
      .select((eb) => [eb.fn.countAll<number>().as('memories'), eb.fn.coalesce(eb.fn.sum<number>(length), sql.lit(0)).as('photos')])
      .executeTakeFirstOrThrow();
    return { memories: Number(row.memories), photos: Number(row.photos) };
  },
};
