import type { Transaction } from 'kysely';
import { ConflictError } from '../lib/errors.ts';
import type { Queryable } from './queryable.ts';
import type { DB } from './schema.ts';

/** What a person is told when their write kept colliding with others' and was given up. */
export const BUSY_MESSAGE = 'Someone changed this at the same moment. Please try again.';

const ATTEMPTS = 5;

/**
 * PostgreSQL gives up one of two transactions that wait on each other (deadlock, 40P01) or that
 * cannot both be serialised (40001), and SQLite one that finds the file locked by another process
 * past busy_timeout. Each is safe to run again from the start: nothing of it was committed.
 */
export function isRetryableTransactionError(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

export interface RetryOptions {
  attempts?: number;
  /** For tests: how long to wait before attempt n (n ≥ 2). */
  backoffMs?: (attempt: number) => number;
}

/** A few milliseconds, growing, with jitter so the two losers of a collision do not meet again. */
const defaultBackoff = (attempt: number) => Math.random() * 10 * 2 ** (attempt - 1);

/**
 * Runs `work` in one transaction, again from the start when the database gave it up for a
 * collision with another, a bounded number of times. When every attempt collided, the caller
 * gets a 409 with a sentence to act on, never a 500: the request was fine, only its timing was
 * not. `work` must do nothing outside the database that cannot be done twice.
 */
export async function inTransaction<T>(db: Queryable, work: (trx: Transaction<DB>) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? ATTEMPTS;
  const backoff = options.backoffMs ?? defaultBackoff;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (!isRetryableTransactionError(err)) throw err;
      if (attempt >= attempts) throw new ConflictError(BUSY_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt + 1)));
    }
  }
}
