import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.ts';
import type { Db } from './database.ts';
import { preparedQuery } from './prepared-query.ts';

describe('preparedQuery', () => {
  let db: Db;
  const names = ['ana', 'ben', 'cleo', 'dan', 'eve'];

  beforeAll(async () => {
    db = await createTestDb();
    await db.kysely
      .insertInto('users')
      .values(
        names.map((name, i) => ({
          id: `u${i}`,
          username: name,
          username_lower: name,
          email: `${name}@example.test`,
          email_lower: `${name}@example.test`,
          password_hash: 'x',
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
  });
  afterAll(() => db.close());

  const usernames = preparedQuery(
    'test.usernames',
    (q, args: { ids: string[]; after: string | undefined; limit: number; descending: boolean }) =>
      q
        .selectFrom('users')
        .select('username')
        .where('id', 'in', args.ids)
        .$if(args.after !== undefined, (qb) => qb.where('username', '>', args.after!))
        .orderBy('username', args.descending ? 'desc' : 'asc')
        .limit(args.limit),
  );

  it('answers with the values of each call, whatever shape was compiled before', async () => {
    const k = db.kysely;
    const run = (ids: string[], after: string | undefined, limit: number, descending = false) =>
      usernames.all(k, { ids, after, limit, descending }).then((rows) => rows.map((r) => r.username));

    expect(await run(['u0', 'u1', 'u2'], undefined, 10)).toEqual(['ana', 'ben', 'cleo']);
    // Same shape, other values: nothing of the first call sticks.
    expect(await run(['u2', 'u3', 'u4'], undefined, 2)).toEqual(['cleo', 'dan']);
    // Another shape of the same query: the cursor branch and a longer list.
    expect(await run(['u0', 'u1', 'u2', 'u3'], 'ben', 10)).toEqual(['cleo', 'dan']);
    expect(await run(['u0', 'u1', 'u2', 'u3'], 'cleo', 10)).toEqual(['dan']);
    expect(await run(['u4'], undefined, 10)).toEqual(['eve']);
    // A boolean decides the SQL itself.
    expect(await run(['u0', 'u1', 'u2'], undefined, 10, true)).toEqual(['cleo', 'ben', 'ana']);
    expect(await run(['u0', 'u1', 'u2'], undefined, 10, false)).toEqual(['ana', 'ben', 'cleo']);
  });

  it('answers a list longer than it caches shapes for', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => `u${i}`);
    const rows = await usernames.all(db.kysely, { ids, after: 'b', limit: 10, descending: false });
    expect(rows.map((r) => r.username)).toEqual(['ben', 'cleo', 'dan', 'eve']);
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    const one = preparedQuery('test.one', (q, args: { id: string }) =>
      q.selectFrom('users').select('username').where('id', '=', args.id),
    );
    expect(await one.first(db.kysely, { id: 'u9' })).toBeUndefined();
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: 'u9',
            username: 'zoe',
            username_lower: 'zoe',
            email: 'zoe@example.test',
            email_lower: 'zoe@example.test',
            password_hash: 'x',
            created_at: '2026-01-01T00:00:00.000Z',
          })
          .execute();
        expect(await one.first(trx, { id: 'u9' })).toEqual({ username: 'zoe' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await one.first(db.kysely, { id: 'u9' })).toBeUndefined();
  });

  it('refuses a builder that computes with an argument instead of passing it to the query', async () => {
    const wrong = preparedQuery('test.wrong', (q, args: { limit: number }) =>
      q.selectFrom('users').select('username').limit(args.limit * 2),
    );
    await expect(wrong.all(db.kysely, { limit: 1 })).rejects.toThrow(/every argument must reach the query/);
  });
});
