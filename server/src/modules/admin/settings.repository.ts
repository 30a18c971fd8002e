import type { Queryable } from '../../db/queryable.ts';

/** Admin settings, one row per name (migration 0030); a name without a row has its default. */
export const settingsRepository = {
  async get(db: Queryable, key: string): Promise<string | undefined> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  },

  set(db: Queryable, key: string, value: string) {
    return db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  },
};
