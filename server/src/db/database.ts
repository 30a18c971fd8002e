import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { openCommittedReads } from './committed-reads.ts';
import { openSlowReads } from './slow-reads.ts';
import { createRequire } from 'node:module';
import { GroupCommit, commitsWhenRun, startCheckpointer } from './group-commit.ts';
import { withStatementCache } from './statement-cache.ts';
import { logQuery } from './query-timing.ts';
import { SchemaScopedPostgresDialect } from './postgres-dialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * Resolves once every write committed so far is on disk (SQLite with group commit,
   * db/group-commit.ts); absent where each commit already is when it returns.
   */
  durable?: () => Promise<void>;
}

// COUNT(*) and other int8 values arrive as strings by default; ours always fit a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

const SQLITE_OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

/**
 * The database holds sessions and password hashes: readable by the server's user alone. SQLite
 * gives its -wal and -shm files the mode of the database file, so creating that one 0600 (and
 * narrowing one an older version left 0644) covers all three.
 */
function makePrivate(file: string): void {
  if (file === ':memory:' || file === '' || file.startsWith('file:')) return;
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}

export interface SqliteOptions {
  /**
   * FULL keeps every committed write across a power cut; GROUP (the server) keeps every write it
   * answered, fsyncing the log off the event loop once for all commits waiting (`Db.durable`,
   * db/group-commit.ts); tests, whose files are thrown away, skip the syncs (OFF).
   */
  synchronous?: 'FULL' | 'GROUP' | 'OFF';
}

const groupCommits = new WeakMap<object, GroupCommit>();
const requireHere = createRequire(import.meta.url);

/** The group commit of a SQLite database opened GROUP (for tests and metrics), else undefined. */
export function groupCommitOf(kysely: object): GroupCommit | undefined {
  return groupCommits.get(kysely);
}

export function openSqlite(file: string, options: SqliteOptions = {}): Db {
  makePrivate(file);
  const sqlite = new Database(file);
  // WAL lets readers run beside the writer (db/committed-reads.ts).
  sqlite.pragma('journal_mode = WAL');
  const mode = options.synchronous ?? 'FULL';
  sqlite.pragma(`synchronous = ${mode === 'GROUP' ? 'NORMAL' : mode}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  const group = mode === 'GROUP' && !file.startsWith('file:') && file !== ':memory:' ? new GroupCommit(`${file}-wal`) : null;
  const onCommit = group ? (text: string, readonly: boolean) => (commitsWhenRun(text, readonly) ? () => group.committed() : null) : undefined;
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, onCommit) }), log: logQuery });
  if (group) groupCommits.set(kysely, group);
  // With group commit, checkpoints run on a thread of their own (db/group-commit.ts).
  let checkpointer: { stop(): Promise<void> } | null = null;
  if (group) {
    sqlite.pragma('wal_autocheckpoint = 0');
    checkpointer = startCheckpointer(file, requireHere.resolve('better-sqlite3'), () => sqlite.open && sqlite.pragma('wal_autocheckpoint = 1000'));
  }
  const reads = openCommittedReads(file, kysely);
  const slow = openSlowReads(file, requireHere.resolve('better-sqlite3'), kysely);
  // The planner picks the map's and the feed's indexes from table statistics: keep them current
  // as the tables grow (SQLite re-analyzes only what changed a lot, within a bounded effort).
  const maintenance = setInterval(() => sqlite.pragma('optimize'), SQLITE_OPTIMIZE_EVERY_MS);
  maintenance.unref();
  return {
    kysely,
    dialect: 'sqlite',
    close: async () => {
      clearInterval(maintenance);
      reads?.close();
      await slow?.close();
      await checkpointer?.stop();
      await group?.close();
      return kysely.destroy();
    },
    ...(group ? { durable: () => group.durable() } : {}),
  };
}

export interface PostgresOptions {
  /** Tests give every file its own schema. */
  searchPath?: string;
  max?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  });
  // A connection dropped while idle (a server restart, a failover, an idle timeout) is an 'error'
  // event on the pool; unheard, it would end the process. The pool opens a new one when needed.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL closed an idle connection (${err.message}); a new one is opened when needed`);
  });
  const kysely = new Kysely<DB>({ dialect: new SchemaScopedPostgresDialect({ pool }), log: logQuery });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}
