import { stat, open, type FileHandle } from 'node:fs/promises';

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
