import path from 'node:path';
import type { Config } from '../config.ts';
import { openPostgres, openSqlite, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** The configured database, migrated to the latest schema: PostgreSQL when DATABASE_URL is set. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openSqlite(path.join(config.dataDir, 'memory-map.sqlite'));
  await migrateToLatest(db);
  return db;
}
