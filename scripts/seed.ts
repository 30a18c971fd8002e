/**
 * npm run seed -- --users N --memories M [--friends F] [--requests R] [--seed S] [--reset]
 *   [--keep-indexes] [--data-dir DIR]
 *
 * Fills the configured database (SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is set) with
 * users user1…userN, all with the password `password!1`, friendships, pending requests, memories
 * around real cities over five years, tags, and the map's cells.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/src/config.ts';
import { openPostgres, openSqlite } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { parseArgs } from './lib/args.ts';
import { postgresWriter, sqliteWriter, type BulkWriter } from './lib/bulk-writer.ts';
import { seedDatabase, type SeedOptions, type SeedSummary } from './lib/seed-core.ts';

export interface SeedTarget {
  /** SQLite: the data folder (memory-map.sqlite inside). Ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to load into (tests use one per file). */
  searchPath?: string;
}

export type SeedRunOptions = Partial<SeedOptions> & Pick<SeedOptions, 'users' | 'memories'>;

export function sqliteFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'memory-map.sqlite');
}

/** Migrates the target to the latest schema, then loads it. */
export async function runSeed(target: SeedTarget, options: SeedRunOptions): Promise<SeedSummary> {
  const full: SeedOptions = {
    friends: 50,
    requests: 3,
    seed: 1,
    reset: false,
    dropIndexes: true,
    log: () => {},
    ...options,
  };
  let writer: BulkWriter;
  if (target.databaseUrl) {
    const db = openPostgres(target.databaseUrl, { searchPath: target.searchPath, max: 1 });
    await migrateToLatest(db);
    await db.close();
    writer = await postgresWriter(target.databaseUrl, target.searchPath);
  } else {
    const file = sqliteFile(target.dataDir);
    // A fresh file is faster than deleting a million rows.
    if (full.reset) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    const db = openSqlite(file);
    await migrateToLatest(db);
    await db.close();
    writer = sqliteWriter(file);
  }
  try {
    return await seedDatabase(writer, full);
  } finally {
    await writer.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    users: 1000,
    memories: 10_000,
    friends: 50,
    requests: 3,
    seed: 1,
    reset: false,
    keepIndexes: false,
    dataDir: '',
  });
  const config = loadConfig({ ...process.env, ...(args.dataDir ? { DATA_DIR: args.dataDir } : {}) });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : sqliteFile(config.dataDir);
  console.log(`Seeding ${where}: ${args.users} users, ${args.memories} memories, ~${args.friends} friends each`);
  const summary = await runSeed(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
    {
      users: args.users,
      memories: args.memories,
      friends: args.friends,
      requests: args.requests,
      seed: args.seed,
      reset: args.reset,
      dropIndexes: !args.keepIndexes,
      log: (m) => console.log(m),
    },
  );
  console.log(
    `Done in ${summary.seconds.toFixed(1)} s: ${summary.users} users, ${summary.friendships} friendships, ` +
      `${summary.requests} pending requests, ${summary.memories} memories (${summary.publicMemories} public), ` +
      `${summary.tags} tags, ${summary.cells} map cells. Every password is "password!1".`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
