import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { generationTriggersSql } from '../../modules/read-cache/generations-sql.ts';

/**
 * read_generations: the counters that keep the read cache right (docs/decisions/080-read-cache.md),
 * raised by triggers on pins, pin_tags, friendships and users. No rows to fill: a scope without a
 * row is at generation 0, and no cache survives a restart. The triggers are generated from the
 * audience rule today; a later change of the rule ships a migration that recreates them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('read_generations')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('gen', 'bigint', (c) => c.notNull())
    .execute();
  const dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  for (const statement of generationTriggersSql(dialect)) await sql.raw(statement).execute(db);
}
