import type { Queryable } from '../../db/queryable.ts';

export const passwordResetRepository = {
  insert(db: Queryable, row: { token_hash: string; user_id: string; created_at: string; expires_at: string }) {
    return db.insertInto('password_resets').values(row).execute();
  },

  /** Takes the link: deletes it and answers its user, only while it is live. Single use by construction. */
  async take(db: Queryable, tokenHash: string, nowIso: string): Promise<string | undefined> {
    const row = await db
      .deleteFrom('password_resets')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', nowIso)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  },

  /** Every other link of the user stops working once one was used. */
  deleteOfUser(db: Queryable, userId: string) {
    return db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  },

  deleteExpired(db: Queryable, nowIso: string) {
    return db.deleteFrom('password_resets').where('expires_at', '<=', nowIso).execute();
  },

  /** The account a "forgot password" names, by username or e-mail, any case. */
  findAccount(db: Queryable, loginLower: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where((eb) => eb.or([eb('username_lower', '=', loginLower), eb('email_lower', '=', loginLower)]))
      .executeTakeFirst();
  },

  setPassword(db: Queryable, userId: string, passwordHash: string) {
    return db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).executeTakeFirst();
  },
};
