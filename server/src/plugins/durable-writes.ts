import type { App } from '../app-types.ts';

/** Methods that only read: their answers promise nothing about writes. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With SQLite's group commit (db/group-commit.ts, docs/decisions/085-maintained-read-cache.md) a
 * commit returns before it is on disk: every answer to a request that may have written waits,
 * just before it is sent, until the log is fsynced past every commit made so far. Several
 * requests share one fsync, and it runs off the event loop. A database without it (PostgreSQL,
 * SQLite opened FULL or OFF) has no `durable` and this does nothing.
 */
export function registerDurableWrites(app: App): void {
  const durable = app.ctx.db.durable;
  if (!durable) return;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method)) await durable();
    return payload;
  });
}
