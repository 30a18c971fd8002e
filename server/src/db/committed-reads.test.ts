import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT } from '../../test/test-db.ts';
import { committedReadsOf } from './committed-reads.ts';
import type { Db } from './database.ts';
import { preparedQuery } from './prepared-query.ts';

const userNamed = preparedQuery('test.userNamed', (q, args: { name: string }) =>
  q.selectFrom('users').select(['id', 'username']).where('username_lower', '=', args.name),
);

function user(name: string) {
  return {
    id: `id-${name}`,
    username: name,
    username_lower: name,
    email: `${name}@example.test`,
    email_lower: `${name}@example.test`,
    password_hash: 'x',
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

describe.runIf(TEST_DIALECT === 'sqlite')('reads outside a transaction on SQLite (the second connection)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('are taken by the reading connection, and a transaction keeps the usual way', async () => {
    expect(committedReadsOf(db.kysely)).toBeDefined();
    await db.kysely.transaction().execute(async (trx) => {
      expect(committedReadsOf(trx)).toBeUndefined();
    });
  });

  it('see a write as soon as it is committed', async () => {
    expect(await userNamed.all(db.kysely, { name: 'ana' })).toEqual([]);
    await db.kysely.insertInto('users').values(user('ana')).execute();
    expect(await userNamed.all(db.kysely, { name: 'ana' })).toEqual([{ id: 'id-ana', username: 'ana' }]);
    await db.kysely.updateTable('users').set({ username: 'Ana' }).where('id', '=', 'id-ana').execute();
    expect(await userNamed.all(db.kysely, { name: 'ana' })).toEqual([{ id: 'id-ana', username: 'Ana' }]);
  });

  it('never see a transaction still open, which sees its own writes; nor one rolled back', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside: unknown;
    const open = db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user('ben')).execute();
      inside = await userNamed.all(trx, { name: 'ben' });
      await held;
    });
    // The transaction has written and waits: a read outside does not wait, and does not see it.
    while (inside === undefined) await new Promise((r) => setImmediate(r));
    expect(inside).toEqual([{ id: 'id-ben', username: 'ben' }]);
    expect(await userNamed.all(db.kysely, { name: 'ben' })).toEqual([]);
    release();
    await open;
    expect(await userNamed.all(db.kysely, { name: 'ben' })).toEqual([{ id: 'id-ben', username: 'ben' }]);

    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user('cleo')).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await userNamed.all(db.kysely, { name: 'cleo' })).toEqual([]);
  });

  it('keep rows only while nothing changes: a commit by the other connection drops them at once', async () => {
    const kept = preparedQuery('test.keptUser', (q, args: { id: string }) => q.selectFrom('users').select('username').where('id', '=', args.id), { keepWhileUnchanged: true });
    await db.kysely.insertInto('users').values(user('dora')).execute();
    const first = await kept.all(db.kysely, { id: 'id-dora' });
    expect(first).toEqual([{ username: 'dora' }]);
    // Unchanged: the very same rows.
    expect(await kept.all(db.kysely, { id: 'id-dora' })).toBe(first);
    await db.kysely.updateTable('users').set({ username: 'Dora' }).where('id', '=', 'id-dora').execute();
    expect(await kept.all(db.kysely, { id: 'id-dora' })).toEqual([{ username: 'Dora' }]);
    // A write to another table counts too, and so does one in a transaction, once committed.
    const again = await kept.all(db.kysely, { id: 'id-dora' });
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('users').where('id', '=', 'id-dora').execute();
      expect(await kept.all(db.kysely, { id: 'id-dora' })).toBe(again);
    });
    expect(await kept.all(db.kysely, { id: 'id-dora' })).toEqual([]);
  });

  it('cannot write', () => {
    const reads = committedReadsOf(db.kysely)!;
    expect(() => reads.all("delete from users where id = 'id-ana' returning id", [])).toThrow(/readonly/);
  });
});
