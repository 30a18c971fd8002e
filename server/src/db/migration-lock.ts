import { PostgresAdapter, PostgresDialect, sql, type Kysely } from 'kysely';

/**
 * Kysely guards migrations on PostgreSQL with one advisory lock for the whole database, whatever
 * the schema. Two app servers migrating the same schema must wait for each other; two schemas need
 * not. With one lock, every test file's fresh schema (test/test-db.ts) queued behind every other's
 * migrations — across two test runs sharing the `test` database, long enough to pass a hook's
 * timeout, after which the file dropped its schema under its own still-waiting migration ("schema
 * t_… does not exist", issue 33). The lock here is keyed by the schema being migrated.
 */
const lockKey = sql`hashtext('memory-map migrations ' || current_schema())`;

class SchemaMigrationLockAdapter extends PostgresAdapter {
  // The migrator takes the lock on the connection that runs the migrations and releases it on
  // that same connection, so a session-level lock is held exactly as long as they run.
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_lock(${lockKey})`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_unlock(${lockKey})`.execute(db);
  }
}

/** PostgresDialect with the migration lock above. */
export class SchemaLockedPostgresDialect extends PostgresDialect {
  override createAdapter(): PostgresAdapter {
    return new SchemaMigrationLockAdapter();
  }
}
