import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlankTestDb, TEST_DIALECT } from '../../test/test-db.ts';
import { openPostgres, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The dialect's migration lock and table listing are per schema (postgres-dialect.ts, issue 33): a
 * schema's migration holding the lock neither blocks another schema's nor lets a second migrator
 * into its own schema, and another schema dropped meanwhile does not fail the listing.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const lockOptions = { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock', lockTableSchema: undefined };

describe.skipIf(TEST_DIALECT !== 'postgres')('the PostgreSQL dialect', () => {
  let a: Db;
  let b: Db;
  let aAgain: Db;
  beforeAll(async () => {
    a = await createBlankTestDb();
    b = await createBlankTestDb();
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(a.kysely)).rows[0]!.s;
    aAgain = openPostgres(PG_URL, { searchPath: schema, max: 2 });
  });
  afterAll(async () => {
    await aAgain?.close();
    await b?.close();
    await a?.close();
  });

  it('is held for one schema: another schema migrates meanwhile, the same schema waits for it', async () => {
    const adapter = a.kysely.getExecutor().adapter;
    await a.kysely.connection().execute(async (holder) => {
      await adapter.acquireMigrationLock(holder, lockOptions);
      try {
        // With one lock for the database this never returns (the test's timeout fails it).
        await migrateToLatest(b);
        expect(await tableCount(b)).toBeGreaterThan(10);

        const holderPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(holder)).rows[0]!.pid;
        const second = migrateToLatest(aAgain);
        // The second migrator of schema a is seen queued behind the holder before it is let go.
        for (;;) {
          const { rows } = await sql<{ n: string }>`
            select count(*) as n from pg_locks
            where locktype = 'advisory' and not granted and ${holderPid} = any(pg_blocking_pids(pid))`.execute(b.kysely);
          if (Number(rows[0]!.n) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(await tableCount(a)).toBe(0);
        await adapter.releaseMigrationLock(holder, lockOptions);
        await second;
      } catch (err) {
        await adapter.releaseMigrationLock(holder, lockOptions).catch(() => undefined);
        throw err;
      }
    });
    expect(await tableCount(a)).toBe(await tableCount(b));
  });
});

describe.skipIf(TEST_DIALECT !== 'postgres')('the PostgreSQL table listing', () => {
  it("lists the current schema's tables, and fails on no other schema dropped since its snapshot", async () => {
    const ours = await createBlankTestDb();
    let other: Db | null = await createBlankTestDb();
    try {
      await migrateToLatest(ours);
      await migrateToLatest(other);
      const otherSchema = (await sql<{ s: string }>`select current_schema() as s`.execute(other.kysely)).rows[0]!.s;
      await ours.kysely
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          // The transaction's snapshot is taken here, while the other schema still exists...
          await sql`select 1`.execute(trx);
          // ...and the other schema is dropped (its file ends) before the migrator lists tables.
          await other!.close();
          other = null;
          // Kysely's own listing fails here with 'schema "t_…" does not exist', naming the other schema.
          const tables = await trx.introspection.getTables({ withInternalKyselyTables: true });
          const names = tables.map((t) => t.name);
          expect(names).toEqual(expect.arrayContaining(['users', 'pins', 'kysely_migration']));
          expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
          expect(tables.some((t) => t.schema === otherSchema)).toBe(false);
          const users = tables.find((t) => t.name === 'users')!;
          expect(users.columns.map((c) => c.name)).toContain('username');
          expect((await trx.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
        });
    } finally {
      await other?.close();
      await ours.close();
    }
  });
});

/** The app's tables (Kysely makes its own bookkeeping tables before it takes the lock). */
async function tableCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name not like 'kysely%'`.execute(db.kysely);
  return Number(rows[0]!.n);
}
