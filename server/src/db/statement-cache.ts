import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every query shape the app builds (a few dozen), small enough to never matter. */
const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query afresh; preparing the feed's union costs more than
 * running it. The app only ever builds a few dozen distinct SQL texts (values are bound, never
 * inlined), so each is prepared once and reused. Kysely runs one query at a time on its single
 * connection, and the app never streams, so a statement is never in use twice at once.
 */
export function withStatementCache(sqlite: Database.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: Map keeps insertion order, so the first key is the oldest.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
