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
export function withStatementCache(sqlite: Database.Database, onCommit?: (sql: string, readonly: boolean) => (() => void) | null): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  // Group commit (db/group-commit.ts): statements that commit say so when they run.
  const prepare = (sql: string): SqliteStatement => {
    const statement = sqlite.prepare(sql);
    const done = onCommit?.(sql, statement.readonly);
    if (!done) return statement;
    return {
      reader: statement.reader,
      all: (parameters: ReadonlyArray<unknown>) => {
        const rows = statement.all(parameters as unknown[]);
        done();
        return rows;
      },
      run: (parameters: ReadonlyArray<unknown>) => {
        const result = statement.run(parameters as unknown[]);
        done();
        return result;
      },
      iterate: (parameters: ReadonlyArray<unknown>) => statement.iterate(parameters as unknown[]),
    };
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: Map keeps insertion order, so the first key is the oldest.
        statements.delete(sql);
      } else {
        statement = prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
