import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL dialect, with the two things its migrator does to the whole database kept
 * to the schema being migrated (the connection's search_path): several schemas share a database
 * when tests give each file its own (test/test-db.ts), and two test runs can share one.
 */

/**
 * The migration lock. Kysely's is one advisory lock for the whole database: every test file's fresh
 * schema queued behind every other's migrations — across two runs sharing the `test` database, long
 * enough to pass a hook's timeout (issue 33). Two app servers migrating one schema still wait for
 * each other; two schemas need not.
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

/**
 * The migrator asks whether its tables exist by listing every table of every schema. Kysely's
 * query keeps the schemas it may use with has_schema_privilege(name), which looks each name up
 * afresh: a schema dropped after the query's snapshot (another test file finishing) is still in its
 * rows and no longer under its name, and the query fails with "schema t_… does not exist", naming
 * someone else's schema (issue 33; seen in PostgreSQL's log). Here only the current schema's tables
 * are listed, the one the connection uses.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      schema: string;
      isView: boolean;
      column: string;
      type: string;
      typeSchema: string;
      notNull: boolean;
      hasDefault: boolean;
      serial: string | null;
      comment: string | null;
    }>`
      select c.relname as "table", ns.nspname as "schema", c.relkind = 'v' as "isView",
        a.attname as "column", typ.typname as "type", dtns.nspname as "typeSchema",
        a.attnotnull as "notNull", a.atthasdef as "hasDefault",
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as "serial",
        col_description(a.attrelid, a.attnum) as "comment"
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && (r.table === DEFAULT_MIGRATION_TABLE || r.table === DEFAULT_MIGRATION_LOCK_TABLE)) continue;
      let table = tables.get(r.table);
      if (!table) {
        table = { name: r.table, schema: r.schema, isView: r.isView, columns: [] };
        tables.set(r.table, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.typeSchema,
        isNullable: !r.notNull,
        hasDefaultValue: r.hasDefault,
        isAutoIncrementing: r.serial !== null,
        comment: r.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgresDialect with the lock and the table listing above. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createAdapter(): PostgresAdapter {
    return new SchemaMigrationLockAdapter();
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
