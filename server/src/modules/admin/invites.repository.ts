import type { Insertable } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import type { InvitesTable } from '../../db/schema.ts';

export const invitesRepository = {
  insert(db: Queryable, row: Insertable<InvitesTable>) {
    return db.insertInto('invites').values(row).execute();
  },

  /** Invites that can still be used, newest first (spent and expired ones are not worth listing). */
  listLive(db: Queryable, nowIso: string) {
    return db
      .selectFrom('invites')
      .selectAll()
      .where('expires_at', '>', nowIso)
      .whereRef('used', '<', 'uses')
      .orderBy('created_at', 'desc')
      .execute();
  },

  delete(db: Queryable, code: string) {
    return db.deleteFrom('invites').where('code', '=', code).executeTakeFirst();
  },

  /**
   * Takes one use of a live invite, in the sign-up's transaction: one statement, so two sign-ups
   * racing for the last use cannot both get it. True when a use was taken.
   */
  async takeUse(db: Queryable, code: string, nowIso: string): Promise<boolean> {
    const result = await db
      .updateTable('invites')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('code', '=', code)
      .where('expires_at', '>', nowIso)
      .whereRef('used', '<', 'uses')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Spent and expired invites go with the hourly sweep. */
  deleteDead(db: Queryable, nowIso: string) {
    return db
      .deleteFrom('invites')
      .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('used', '>=', eb.ref('uses'))]))
      .execute();
  },
};
