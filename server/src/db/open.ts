import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { openPostgres, openSqlite, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** The configured database, migrated to the latest schema: PostgreSQL when DATABASE_URL is set. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : // Group commit: a write is answered once on disk, its fsync shared and off the event loop (decision 085).
      openSqlite(path.join(config.dataDir, 'memory-map.sqlite'), { synchronous: 'GROUP' });
  await migrateToLatest(db);
  // Without statistics SQLite guesses, and guesses a plain visibility index over the map's
  // position indexes: a box would walk every public memory. Analyze whatever has none (or
  // changed a lot) at every start, so an upgraded or grown database is planned right at once.
  if (db.dialect === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db.kysely);
  return db;
}
