import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  const db = await createBlankTestDb();
  await migrateToLatest(db);
  return db;
}

/** A database with nothing in it, not even migrated (tests of the migrations themselves). */
export async function createBlankTestDb(): Promise<Db> {
  if (TEST_DIALECT === 'sqlite') {
    // A file, as the app runs it: WAL, and the second connection of db/committed-reads.ts.
    const dir = mkdtempSync(path.join(tmpdir(), 'mm-db-'));
    const db = openSqlite(path.join(dir, 'test.sqlite'), { synchronous: 'OFF' });
    return {
      ...db,
      async close() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openPostgres(PG_URL, { searchPath: schema, max: 4 });
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
