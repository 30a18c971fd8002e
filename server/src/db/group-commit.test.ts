import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { endianness, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { TEST_DIALECT } from '../../test/test-db.ts';
import { groupCommitOf, openSqlite, type Db } from './database.ts';
import { GroupCommit } from './group-commit.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * SQLite's group commit (db/group-commit.ts, docs/decisions/085-maintained-read-cache.md): a
 * write is answered only after an fsync of the log that started after its commit, and commits
 * waiting together share one fsync.
 */
describe.runIf(TEST_DIALECT === 'sqlite')('group commit', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mm-group-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an fsync that started before a commit does not count for it; commits made before one share it', async () => {
    const db = openSqlite(path.join(dir, 'a.sqlite'), { synchronous: 'GROUP' });
    await migrateToLatest(db);
    const group = new GroupCommit(path.join(dir, 'a.sqlite-wal'));
    try {
      group.committed();
      const first = group.durable();
      // Committed while the first fsync runs: it needs another.
      group.committed();
      const second = group.durable();
      await Promise.all([first, second]);
      expect(group.syncs).toBe(2);
      // Five commits, then five callers at once: one fsync.
      for (let i = 0; i < 5; i++) group.committed();
      await Promise.all(Array.from({ length: 5 }, () => group.durable()));
      expect(group.syncs).toBe(3);
      // Nothing committed since: nothing to wait for.
      await group.durable();
      expect(group.syncs).toBe(3);
    } finally {
      await group.close();
      await db.close();
    }
  });

  it('counts a COMMIT and every write outside a transaction, not the reads or a BEGIN', async () => {
    const db = openSqlite(path.join(dir, 'b.sqlite'), { synchronous: 'GROUP' });
    await migrateToLatest(db);
    const group = groupCommitOf(db.kysely)!;
    try {
      await db.durable!();
      const syncs = () => group.syncs;
      const start = syncs();
      await db.kysely.selectFrom('users').selectAll().execute();
      await db.durable!();
      expect(syncs()).toBe(start);
      await db.kysely.transaction().execute((trx) => trx.insertInto('settings').values({ key: 'group-commit-test', value: '1' }).execute());
      await db.durable!();
      expect(syncs()).toBe(start + 1);
      await db.kysely.updateTable('settings').set({ value: '2' }).where('key', '=', 'group-commit-test').execute();
      await db.durable!();
      expect(syncs()).toBe(start + 2);
      // Inside a transaction nothing is durable before its COMMIT: the insert alone is not it.
      await db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'group-commit-test-2', value: '1' }).execute();
        await db.durable!();
      });
      const afterInner = syncs();
      await db.durable!();
      expect(syncs()).toBe(afterInner + 1);
    } finally {
      await db.close();
    }
  });

  it('the server answers a write only after durable() resolved, and a read without waiting for one', async () => {
    const file = path.join(dir, 'c.sqlite');
    const db: Db = openSqlite(file, { synchronous: 'GROUP' });
    await migrateToLatest(db);
    const durable = db.durable!;
    let calls = 0;
    db.durable = async () => {
      calls += 1;
      await durable();
    };
    let t: TestApp | undefined;
    try {
      t = await createTestApp({}, { db });
      const user = await t.register();
      expect(calls).toBeGreaterThan(0);
      const before = calls;
      const feed = await t.app.inject({ url: '/api/query_feed', headers: user.auth });
      expect(feed.statusCode).toBe(200);
      expect(calls).toBe(before);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/create',
        headers: user.auth,
        payload: { title: 'Durable', description: 'd', latitude: 1, longitude: 2, visibility: '1', locationName: 'x' },
      });
      expect(made.statusCode).toBe(201);
      expect(calls).toBe(before + 1);
    } finally {
      await t?.close();
      await db.close();
    }
  });

  it('checkpoints on its own thread: the database file alone comes to hold a commit', async () => {
    const file = path.join(dir, 'd.sqlite');
    const db = openSqlite(file, { synchronous: 'GROUP' });
    await migrateToLatest(db);
    try {
      await db.kysely.insertInto('settings').values({ key: 'checkpointed', value: 'yes' }).execute();
      await db.durable!();
      // The log's index (the -shm file, SQLite's documented WAL-index format, native byte order):
      // mxFrame, the frames the log holds, at byte 16; nBackfill, how many of them a checkpoint has
      // copied into the database file and synced, at byte 96. Nothing here checkpoints but the
      // checkpointer's thread, so the log being all copied is its work.
      const logCopied = () => {
        const shm = readFileSync(`${file}-shm`);
        const u32 = (at: number) => (endianness() === 'LE' ? shm.readUInt32LE(at) : shm.readUInt32BE(at));
        return u32(16) > 0 && u32(96) === u32(16);
      };
      // Waits for it (the test's timeout is the bound). Copying the database file before would race
      // the checkpoint writing it: a torn copy reads as "database disk image is malformed".
      while (!logCopied()) await new Promise((resolve) => setTimeout(resolve, 50));
      // The database file without its log now holds the row.
      const copy = path.join(dir, 'copy.sqlite');
      copyFileSync(file, copy);
      const c = new Database(copy, { readonly: true });
      let seen: unknown;
      try {
        seen = c.prepare("select value from settings where key = 'checkpointed'").pluck().get();
      } finally {
        c.close();
      }
      expect(seen).toBe('yes');
    } finally {
      await db.close();
    }
  });
});
