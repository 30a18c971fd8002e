import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, openSqlite, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * A real, freshly migrated database per test file: in-memory SQLite by default, or its own
 * PostgreSQL schema when TEST_DB=postgres (CI runs the suite both ways).
 */
export const TEST_DIALECT = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function createTestDb(): Promise<Db> {
  if (TEST_DIALECT === 'sqlite') {
    const db = openSqlite(':memory:');
    await migrateToLatest(db);
    return db;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openPostgres(PG_URL, { searchPath: schema, max: 4 });
  await migrateToLatest(db);
  return {
    ...db,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
