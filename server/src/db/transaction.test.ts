import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT } from '../../test/test-db.ts';
import { ConflictError } from '../lib/errors.ts';
import type { Db } from './database.ts';
import type { DB } from './schema.ts';
import { BUSY_MESSAGE, inTransaction, isRetryableTransactionError } from './transaction.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  await sql`create table retry_probe (id integer primary key, n integer not null)`.execute(db.kysely);
  await sql`insert into retry_probe (id, n) values (1, 0), (2, 0)`.execute(db.kysely);
});
afterAll(() => db.close());

const noWait = { backoffMs: () => 0 };

function collision(code: string): Error {
  return Object.assign(new Error(`collision ${code}`), { code });
}

describe('inTransaction', () => {
  it('knows which failures are safe to run again', () => {
    for (const code of ['40P01', '40001', 'SQLITE_BUSY']) expect(isRetryableTransactionError(collision(code))).toBe(true);
    for (const code of ['23505', '23503', 'SQLITE_CONSTRAINT_UNIQUE', undefined]) expect(isRetryableTransactionError(collision(String(code)))).toBe(false);
  });

  it('runs the work again after a collision, and what the failed attempt wrote is gone', async () => {
    let calls = 0;
    const result = await inTransaction(
      db.kysely,
      async (trx) => {
        calls += 1;
        await sql`update retry_probe set n = n + 1 where id = 1`.execute(trx);
        if (calls < 3) throw collision(calls === 1 ? '40P01' : '40001');
        return 'done';
      },
      noWait,
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
    const row = await sql<{ n: number }>`select n from retry_probe where id = 1`.execute(db.kysely);
    expect(Number(row.rows[0]!.n)).toBe(1);
  });

  it('gives up after a bounded number of attempts with a 409 a person can act on', async () => {
    let calls = 0;
    const attempt = inTransaction(
      db.kysely,
      async () => {
        calls += 1;
        throw collision('40P01');
      },
      { ...noWait, attempts: 4 },
    );
    await expect(attempt).rejects.toThrow(ConflictError);
    await expect(attempt).rejects.toThrow(BUSY_MESSAGE);
    expect(calls).toBe(4);
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    const attempt = inTransaction(db.kysely, async () => {
      calls += 1;
      throw collision('23505');
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });

  // Two transactions that lock two rows in opposite orders: PostgreSQL kills one (40P01), which
  // then runs again after the other has committed. Both end having done their work.
  it.runIf(TEST_DIALECT === 'postgres')('lets both sides of a real deadlock finish', async () => {
    let arrived = 0;
    let bothHoldOne!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
    let firstAttempts = 0;
    const crosswise = (first: number, second: number) =>
      inTransaction(db.kysely, async (trx: Transaction<DB>) => {
        firstAttempts += 1;
        await sql`update retry_probe set n = n + 1 where id = ${first}`.execute(trx);
        // Only the first attempt of each waits: a retry runs straight through.
        if (firstAttempts <= 2) {
          arrived += 1;
          if (arrived === 2) bothHoldOne();
          await barrier;
        }
        await sql`update retry_probe set n = n + 1 where id = ${second}`.execute(trx);
      }, noWait);
    const before = await sql<{ id: number; n: number }>`select id, n from retry_probe order by id`.execute(db.kysely);
    await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    expect(firstAttempts).toBe(3);
    const after = await sql<{ id: number; n: number }>`select id, n from retry_probe order by id`.execute(db.kysely);
    expect(after.rows.map((r, i) => Number(r.n) - Number(before.rows[i]!.n))).toEqual([2, 2]);
  });
});
