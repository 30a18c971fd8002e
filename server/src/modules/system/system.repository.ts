import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';

export const systemRepository = {
  /** The cheapest round trip that proves the database answers. */
  ping(db: Queryable) {
    return sql`select 1`.execute(db);
  },
};
