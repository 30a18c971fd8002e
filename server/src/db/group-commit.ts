import { stat, open, type FileHandle } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { stopWorker } from './stop-worker.ts';

/**
 * Group commit for SQLite (docs/decisions/085-maintained-read-cache.md, "Group commit").
 *
 * With `synchronous=FULL` SQLite fsyncs the write-ahead log inside every COMMIT, on the thread that
 * commits — Node's event loop — so each commit stalls every request in flight, and commits wait
 * for each other's fsync one by one. Instead the writing connection runs with
 * `synchronous=NORMAL` (in WAL mode: the log is appended at COMMIT and fsynced only before a
 * checkpoint, the database file after one, the log's header when it is reused) and a write is
 * acknowledged only once the log is fsynced *after* its commit, by `durable()`: the fsync runs on
 * libuv's thread pool, not the event loop, and every commit made before it starts shares it.
 *
 * So what FULL promised still holds for every answer the server gives: a write whose 2xx a
 * client saw is on disk (its frames, commit frame included, are in the log before the fsync
 * started; a checkpoint that moved them to the database file synced both). What changes is only
 * what was never promised: a commit not yet answered may be lost to a power cut.
 */
export class GroupCommit {
  /** Statements that committed something, counted as they run (`committed()`). */
  private commits = 0;
  /** Commits known to be on disk: those counted before the last fsync started. */
  private durableUpTo = 0;
  private running: Promise<void> | null = null;
  private handle: { file: FileHandle; ino: number } | null = null;
  /** fsyncs done (tests and metrics). */
  syncs = 0;

  constructor(private readonly walFile: string) {}

  /** A statement that commits (COMMIT, or a write outside a transaction) has just run. */
  committed(): void {
    this.commits += 1;
  }

  /** Resolves once every commit made before the call is on disk; one fsync serves every caller waiting. */
  async durable(): Promise<void> {
    const wanted = this.commits;
    while (this.durableUpTo < wanted) {
      // A sync already running may have started before this commit: wait for it, then start one.
      this.running ??= this.syncOnce().finally(() => {
        this.running = null;
      });
      await this.running;
    }
  }

  private async syncOnce(): Promise<void> {
    const upTo = this.commits;
    const file = await this.walHandle();
    // No log file: nothing is committed outside the database file, which checkpoints sync.
    if (file) await file.datasync();
    this.syncs += 1;
    this.durableUpTo = Math.max(this.durableUpTo, upTo);
  }

  /** The log, opened once and again if it was replaced (another inode at its path). */
  private async walHandle(): Promise<FileHandle | null> {
    const now = await stat(this.walFile).catch(() => null);
    if (!now) return null;
    if (this.handle && this.handle.ino === now.ino) return this.handle.file;
    await this.handle?.file.close();
    this.handle = { file: await open(this.walFile, 'r'), ino: now.ino };
    return this.handle.file;
  }

  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.handle?.file.close();
    this.handle = null;
  }
}

/** Whether a statement commits when it runs: COMMIT/END, or any write (outside a transaction it commits itself). */
export function commitsWhenRun(sql: string, readonly: boolean): boolean {
  return !readonly || /^\s*(commit|end)\b/i.test(sql);
}

/** How often the checkpointer moves the log into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/**
 * The checkpointer's thread: its own connection copies the log into the database file
 * (`wal_checkpoint(PASSIVE)`: never waits for readers or the writer) and syncs both, off the event
 * loop. CommonJS, evaluated: nothing to bundle.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/**
 * Checkpoints off the event loop (docs/decisions/085-maintained-read-cache.md). By default the
 * connection whose commit makes the log pass 1,000 pages copies it into the database file and
 * fsyncs both, inside that COMMIT, on the event loop: in the mixed load's profile the commits took
 * 9–15% of the process. The writing connection turns that off (`wal_autocheckpoint = 0`) and a
 * worker thread checkpoints every 200 ms instead. Should the thread fail, the writing connection
 * checkpoints itself again (`onFailure`), so the log never grows without bound.
 */
export function startCheckpointer(file: string, driver: string, onFailure: () => void): { stop(): Promise<void> } {
  const worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS } });
  let stopping = false;
  const failed = () => {
    if (!stopping) onFailure();
  };
  worker.on('error', failed);
  worker.on('exit', failed);
  worker.unref();
  return {
    async stop() {
      stopping = true;
      // Held while it stops: a process with nothing else to do (the primary after its migrations)
      // would otherwise end here, mid-await.
      worker.ref();
      await stopWorker(worker);
    },
  };
}
