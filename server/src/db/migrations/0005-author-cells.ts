import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { backfillSql, createTriggersSql } from '../../modules/map/author-cells-sql.ts';

/**
 * author_cells: each author's private and friends-only memories per coarse grid cell, kept by
 * triggers on pins (server/src/modules/map/author-cells-sql.ts). A wide map view reads a few
 * rows per friend here instead of every memory the viewer's friends have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  await db.schema
    .createTable('author_cells')
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('cx', 'integer', (c) => c.notNull())
    .addColumn('cy', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('sum_lat', 'double precision', (c) => c.notNull())
    .addColumn('sum_lng', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('author_cells_pk', ['author_id', 'visibility', 'level', 'cx', 'cy'])
    .$call((b) => (dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
  for (const statement of backfillSql(dialect)) await sql.raw(statement).execute(db);
  for (const statement of createTriggersSql(dialect)) await sql.raw(statement).execute(db);
}
