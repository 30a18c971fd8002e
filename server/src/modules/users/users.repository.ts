import type { Queryable } from '../../db/queryable.ts';
import type { UsersTable } from '../../db/schema.ts';

export const usersRepository = {
  insert(db: Queryable, row: UsersTable) {
    return db.insertInto('users').values(row).execute();
  },

  findById(db: Queryable, id: string) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

  /** Whether viewer may see user's e-mail: they are friends, or viewer has sent user a request. */
  async emailVisible(db: Queryable, viewerId: string, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select((eb) => [
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('friendships')
                .select('friendships.user_id')
                .where('friendships.user_id', '=', viewerId)
                .where('friendships.friend_id', '=', userId),
            ),
            eb.exists(
              eb
                .selectFrom('friend_requests')
                .select('friend_requests.from_id')
                .where('friend_requests.from_id', '=', viewerId)
                .where('friend_requests.to_id', '=', userId),
            ),
          ])
          .as('visible'),
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
    return Boolean(row?.visible);
  },
};
