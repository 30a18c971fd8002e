import Database from 'better-sqlite3';
import pg from 'pg';

export type ColumnType = 'text' | 'int' | 'float';
export interface Column {
  name: string;
  type: ColumnType;
}

/**
 * The seed's one way into the database: big multi-row inserts inside long transactions, on a
 * connection of its own (the app's query builder would cost more than the inserts themselves).
 */
export interface BulkWriter {
  readonly dialect: 'sqlite' | 'postgres';
  count(table: string): Promise<number>;
  /** Empties the app's tables (the schema stays). */
  clear(): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  insert(table: string, columns: Column[], rows: unknown[][]): Promise<void>;
  /** Drops the tables' secondary indexes (not primary keys or unique constraints); returns how to recreate them. */
  dropSecondaryIndexes(tables: string[]): Promise<string[]>;
  /** Drops the table's triggers; returns how to recreate them. */
  dropTriggers(table: string): Promise<string[]>;
  run(statement: string): Promise<void>;
  /** Statistics for the planner, and whatever else makes the loaded data fast to read. */
  finish(): Promise<void>;
  close(): Promise<void>;
}

const APP_TABLES = ['pin_tags', 'pin_cells', 'author_cells', 'pins', 'friend_requests', 'friendships', 'sessions', 'users'];

export function sqliteWriter(file: string): BulkWriter {
  const db = new Database(file);
  // Durability does not matter while loading: a crash means seeding again.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1048576');
  db.pragma('temp_store = MEMORY');
  const statements = new Map<string, Database.Statement>();
  const statement = (table: string, columns: Column[], rows: number) => {
    const key = `${table}:${rows}`;
    let s = statements.get(key);
    if (!s) {
      const one = `(${columns.map(() => '?').join(',')})`;
      s = db.prepare(`insert into ${table} (${columns.map((c) => c.name).join(',')}) values ${Array(rows).fill(one).join(',')}`);
      statements.set(key, s);
    }
    return s;
  };
  return {
    dialect: 'sqlite',
    async count(table) {
      return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    },
    async clear() {
      for (const t of APP_TABLES) db.exec(`delete from ${t}`);
    },
    async begin() {
      db.exec('begin');
    },
    async commit() {
      db.exec('commit');
    },
    async insert(table, columns, rows) {
      // SQLite takes at most 32766 parameters a statement; ~500 rows is where bigger stops paying.
      const per = Math.max(1, Math.min(500, Math.floor(32766 / columns.length)));
      let i = 0;
      for (; i + per <= rows.length; i += per) statement(table, columns, per).run(rows.slice(i, i + per).flat());
      if (i < rows.length) statement(table, columns, rows.length - i).run(rows.slice(i).flat());
    },
    async dropSecondaryIndexes(tables) {
      const list = tables.map((t) => `'${t}'`).join(',');
      const rows = db
        .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${list})`)
        .all() as Array<{ name: string; sql: string }>;
      for (const r of rows) db.exec(`drop index ${r.name}`);
      return rows.map((r) => r.sql);
    },
    async dropTriggers(table) {
      const rows = db.prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = ?`).all(table) as Array<{
        name: string;
        sql: string;
      }>;
      for (const r of rows) db.exec(`drop trigger ${r.name}`);
      return rows.map((r) => r.sql);
    },
    async run(sql) {
      db.exec(sql);
    },
    async finish() {
      db.exec('analyze');
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      db.close();
    },
  };
}

const PG_TYPES: Record<ColumnType, string> = { text: 'text[]', int: 'int[]', float: 'float8[]' };

export async function postgresWriter(url: string, searchPath?: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url, options: searchPath ? `-c search_path=${searchPath}` : undefined });
  await client.connect();
  await client.query('set synchronous_commit = off');
  await client.query(`set maintenance_work_mem = '512MB'`);
  return {
    dialect: 'postgres',
    async count(table) {
      const r = await client.query<{ n: string }>(`select count(*)::text as n from ${table}`);
      return Number(r.rows[0]?.n ?? 0);
    },
    async clear() {
      await client.query(`truncate ${APP_TABLES.join(', ')} cascade`);
    },
    async begin() {
      await client.query('begin');
    },
    async commit() {
      await client.query('commit');
    },
    async insert(table, columns, rows) {
      // One array per column and unnest: one statement, any number of rows, no parameter limit.
      const per = 20_000;
      const sqlText = `insert into ${table} (${columns.map((c) => c.name).join(',')})
        select * from unnest(${columns.map((c, i) => `$${i + 1}::${PG_TYPES[c.type]}`).join(',')})`;
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        await client.query(
          sqlText,
          columns.map((_, c) => chunk.map((r) => r[c])),
        );
      }
    },
    async dropSecondaryIndexes(tables) {
      const r = await client.query<{ indexname: string; indexdef: string }>(
        `select i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = current_schema() and i.tablename = any($1)
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [tables],
      );
      for (const row of r.rows) await client.query(`drop index ${row.indexname}`);
      return r.rows.map((row) => row.indexdef);
    },
    async dropTriggers(table) {
      const r = await client.query<{ tgname: string; def: string }>(
        `select t.tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t
         where t.tgrelid = to_regclass(current_schema() || '.' || $1) and not t.tgisinternal`,
        [table],
      );
      for (const row of r.rows) await client.query(`drop trigger ${row.tgname} on ${table}`);
      return r.rows.map((row) => row.def);
    },
    async run(sql) {
      await client.query(sql);
    },
    async finish() {
      // VACUUM sets the visibility map, so covering indexes can answer without the table.
      await client.query(`vacuum analyze ${APP_TABLES.join(', ')}`);
    },
    async close() {
      await client.end();
    },
  };
}
