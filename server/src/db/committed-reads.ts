import Database from 'better-sqlite3';
import { withStatementCache } from './statement-cache.ts';

/**
 * A second SQLite connection, read-only, for the hot read queries (db/prepared-query.ts) that run
 * outside any transaction: the session of every request, the read cache's counters, the feed's
 * and the map's queries (docs/decisions/081-workers-and-serializer.md).
 *
 * Why: Kysely runs every query of its single SQLite connection through a lock and a chain of
 * promises, which costs two to four times what SQLite spends on a primary-key lookup. SQLite in
 * WAL mode lets another connection read beside the writer, so these reads run at once, without
 * the lock, and synchronously.
 *
 * What it sees: each statement starts its own read transaction, so it sees every write committed
 * before it (a write's 2xx comes after its commit) and never one still in progress — not even a
 * transaction of this process that is waiting on an await. A read that must see its own
 * transaction's writes is given that transaction, which is another Kysely object: it goes the
 * usual way. An in-memory database has no second connection (another would open another
 * database): its reads go the usual way too.
 */
export interface CommittedReads {
  all(sql: string, parameters: readonly unknown[]): unknown[];
  /**
   * The same rows, kept for as long as nothing in the database changes: the keep is emptied as
   * soon as any connection, of this process or another, has committed a write (SQLite's
   * `PRAGMA data_version`, a counter in shared memory, read on every call). For the lookup every
   * request makes (its session); callers must not change the rows.
   */
  allWhileUnchanged(sql: string, parameters: readonly unknown[]): unknown[];
  close(): void;
}

/** Rows kept by allWhileUnchanged, at most: a new keep starts when full. */
const MAX_KEPT = 10_000;

/** The page cache of the reading connection: its queries touch few pages (the writer keeps 64 MB). */
const READER_CACHE_KIB = 16 * 1024;

const readers = new WeakMap<object, CommittedReads>();

export function openCommittedReads(file: string, kysely: object): CommittedReads | null {
  if (file === ':memory:' || file === '' || file.includes('mode=memory')) return null;
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${READER_CACHE_KIB}`);
  const statements = withStatementCache(sqlite);
  const all = (sql: string, parameters: readonly unknown[]) => statements.prepare(sql).all(parameters as unknown[]) as unknown[];
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let keptAt: unknown = null;
  const kept = new Map<string, unknown[]>();
  const reader: CommittedReads = {
    all,
    allWhileUnchanged(sql, parameters) {
      // The version first, the rows after: rows kept under a version are at least that new.
      const version = dataVersion.get();
      if (version !== keptAt || kept.size >= MAX_KEPT) {
        kept.clear();
        keptAt = version;
      }
      const key = `${sql}\u0000${JSON.stringify(parameters)}`;
      let rows = kept.get(key);
      if (!rows) kept.set(key, (rows = all(sql, parameters)));
      return rows;
    },
    close: () => {
      readers.delete(kysely);
      sqlite.close();
    },
  };
  readers.set(kysely, reader);
  return reader;
}

/** The reading connection of this database object, or undefined (a transaction, PostgreSQL, memory). */
export function committedReadsOf(db: object): CommittedReads | undefined {
  return readers.get(db);
}
