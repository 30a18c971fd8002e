import type { Queryable } from '../../db/queryable.ts';

/** Circles and their members (docs/design.md §17, migration 0040). */
export const circlesRepository = {
  /** The owner's circles, by name. */
  listOwned(db: Queryable, ownerId: string) {
    return db.selectFrom('circles').select(['id', 'name']).where('owner_id', '=', ownerId).orderBy('name_lower').orderBy('id').execute();
  },

  async countOwned(db: Queryable, ownerId: string): Promise<number> {
    const row = await db.selectFrom('circles').select((eb) => eb.fn.countAll<number | string>().as('n')).where('owner_id', '=', ownerId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** The owner's circle of this name (any case), if any. */
  findByName(db: Queryable, ownerId: string, nameLower: string) {
    return db.selectFrom('circles').select('id').where('owner_id', '=', ownerId).where('name_lower', '=', nameLower).executeTakeFirst();
  },

  findById(db: Queryable, id: string) {
    return db.selectFrom('circles').select(['id', 'owner_id', 'name']).where('id', '=', id).executeTakeFirst();
  },

  /** The members of each circle, by circle id (every asked circle is in the map). */
  async membersOf(db: Queryable, circleIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(circleIds.map((id) => [id, []]));
    if (circleIds.length === 0) return result;
    const rows = await db
      .selectFrom('circle_members')
      .innerJoin('users', 'users.id', 'circle_members.user_id')
      .select(['circle_members.circle_id', 'circle_members.user_id'])
      .where('circle_members.circle_id', 'in', [...circleIds])
      .orderBy('users.username_lower')
      .execute();
    for (const r of rows) result.get(r.circle_id)?.push(r.user_id);
    return result;
  },

  /** Names of the given circles, by id (for their owner's badges). */
  async namesOf(db: Queryable, circleIds: readonly string[]): Promise<Map<string, string>> {
    if (circleIds.length === 0) return new Map();
    const rows = await db.selectFrom('circles').select(['id', 'name']).where('id', 'in', [...circleIds]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  insert(db: Queryable, row: { id: string; owner_id: string; name: string; name_lower: string; created_at: string }) {
    return db.insertInto('circles').values(row).execute();
  },

  rename(db: Queryable, id: string, name: string, nameLower: string) {
    return db.updateTable('circles').set({ name, name_lower: nameLower }).where('id', '=', id).execute();
  },

  async addMembers(db: Queryable, circleId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .insertInto('circle_members')
      .values(userIds.map((user_id) => ({ circle_id: circleId, user_id })))
      .execute();
  },

  async removeMembers(db: Queryable, circleId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await db.deleteFrom('circle_members').where('circle_id', '=', circleId).where('user_id', 'in', [...userIds]).execute();
  },

  /** The ids and tags of the memories for a circle (what its deletion makes private). */
  memoriesFor(db: Queryable, circleId: string) {
    return db.selectFrom('pins').select(['id', 'author_id']).where('circle_id', '=', circleId).execute();
  },

  /** Its memories become private, never wider (design §17); the caller deletes the circle next. */
  makeMemoriesPrivate(db: Queryable, circleId: string, privateLevel: number, at: string) {
    return db.updateTable('pins').set({ visibility: privateLevel, circle_id: null, updated_at: at }).where('circle_id', '=', circleId).execute();
  },

  /** Deletes the circle; its members go by cascade. */
  delete(db: Queryable, id: string) {
    return db.deleteFrom('circles').where('id', '=', id).execute();
  },

  /** Two people stopped being friends: each leaves every circle of the other (design §17). */
  async separate(db: Queryable, a: string, b: string): Promise<void> {
    await db
      .deleteFrom('circle_members')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', b), eb('circle_id', 'in', eb.selectFrom('circles').select('id').where('owner_id', '=', a))]),
          eb.and([eb('user_id', '=', a), eb('circle_id', 'in', eb.selectFrom('circles').select('id').where('owner_id', '=', b))]),
        ]),
      )
      .execute();
  },

  /** Which of `ids` are friends of `userId` right now. */
  async friendsAmong(db: Queryable, userId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).where('friend_id', 'in', [...ids]).execute();
    return new Set(rows.map((r) => r.friend_id));
  },

  /** Usernames of the given ids that are users (to name who may not be in a circle). */
  async usernamesOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.username]));
  },
};
