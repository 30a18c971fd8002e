import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** What a repository method takes: the database or a transaction (both are Kysely<DB>). */
export type Queryable = Kysely<DB>;

/** True when a write failed on a unique index, on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a write referenced a row that does not exist (or no longer does). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
