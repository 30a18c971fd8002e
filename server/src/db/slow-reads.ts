import { Worker } from 'node:worker_threads';
import { stopWorker } from './stop-worker.ts';

/**
 * SQLite queries that may take seconds, run on a thread of their own (docs/decisions/061-search.md,
 * "Off the serving thread"). better-sqlite3 answers on the thread that asks: a search for a common
 * word ranks every match before its first page (1 s at 1M memories, more than 10 s at 10M), and on
 * the event loop that is every other request waiting. Here a read-only connection on a worker
 * thread runs them, one at a time, while the event loop serves everyone else.
 *
 * It reads what is committed when each statement starts (WAL), as the reading connection of
 * committed-reads.ts does. The thread starts at the first query; should it fail, this stops and
 * `slowReadsOf` answers undefined, so callers run the query where they are, as before.
 */
export interface SlowReads {
  all(sql: string, parameters: readonly unknown[]): Promise<unknown[]>;
  /** Queries answered by the thread (tests check that a search went there). */
  readonly answered: number;
  close(): Promise<void>;
}

/** The thread: CommonJS, evaluated, so there is nothing to bundle. */
const SLOW_READS_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', (message) => {
  if (message === 'stop') { db.close(); parentPort.close(); return; }
  const { id, sql, parameters } = message;
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 100) statements.delete(statements.keys().next().value);
      statements.set(sql, (statement = db.prepare(sql)));
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err && err.message), code: err && err.code } });
  }
});
`;

const registry = new WeakMap<object, SlowReads>();

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (err: Error) => void;
}

export function openSlowReads(file: string, driver: string, kysely: object): SlowReads | null {
  if (file === ':memory:' || file === '' || file.startsWith('file:')) return null;
  let worker: Worker | null = null;
  let nextId = 0;
  let answered = 0;
  const pending = new Map<number, Pending>();

  const failAll = (err: Error) => {
    registry.delete(kysely);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  const start = (): Worker => {
    const w = new Worker(SLOW_READS_SOURCE, { eval: true, workerData: { file, driver } });
    w.on('message', (message: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      if (pending.size === 0) w.unref();
      if (message.error) p.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
      else {
        answered++;
        p.resolve(message.rows!);
      }
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', () => failAll(new Error('the slow-reads thread stopped')));
    w.unref();
    return w;
  };

  const reads: SlowReads = {
    all(sql, parameters) {
      worker ??= start();
      const id = nextId++;
      // Held while a query is out: a script with nothing else to do must not end mid-await.
      worker.ref();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, sql, parameters });
      });
    },
    get answered() {
      return answered;
    },
    async close() {
      registry.delete(kysely);
      if (!worker) return;
      const w = worker;
      worker = null;
      w.removeAllListeners('exit');
      await stopWorker(w);
      failAll(new Error('the database was closed'));
    },
  };
  registry.set(kysely, reads);
  return reads;
}

/** The slow-reads thread of this database object, or undefined (a transaction, PostgreSQL, memory). */
export function slowReadsOf(db: object): SlowReads | undefined {
  return registry.get(db);
}
