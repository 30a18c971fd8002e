import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './config.ts';
import { openDatabase } from './db/open.ts';
import { listeningMessage } from './listen-addresses.ts';
import type { HousekeepingRole } from './plugins/housekeeping.ts';

/**
 * Several server processes on one port (node:cluster), one per core by default with Redis
 * (config.ts WORKERS; docs/decisions/081-workers-and-serializer.md). The primary serves nothing:
 * it migrates the database once, starts the workers, starts a new one when one dies, and stops
 * them all on SIGTERM/SIGINT. Each worker is the whole app (main.ts) with its own database
 * connections; SQLite takes several processes through WAL and busy_timeout (db/database.ts).
 */

/** How the primary tells a worker its housekeeping role (plugins/housekeeping.ts). */
const ROLE_ENV = 'MEMORY_MAP_HOUSEKEEPING';
/** A worker that dies sooner than this after its start waits before the next try (a crash loop). */
const STEADY_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;
/** Workers finish in-flight requests within 10 s (main.ts); then the primary stops waiting. */
const SHUTDOWN_MS = 15_000;

/** This process's housekeeping role: the only process without workers does it all. */
export function housekeepingRole(): HousekeepingRole {
  if (cluster.isPrimary) return 'start-up';
  const role = process.env[ROLE_ENV];
  return role === 'start-up' || role === 'sweeps' ? role : 'off';
}

export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  // Migrations run here, once, before any worker opens the database.
  const db = await openDatabase(config);
  await db.close();

  const roles = new Map<number, { role: HousekeepingRole; startedAt: number }>();
  let closing = false;
  let backoffMs = 1000;
  const fork = (role: HousekeepingRole): Worker => {
    const worker = cluster.fork({ [ROLE_ENV]: role });
    roles.set(worker.id, { role, startedAt: Date.now() });
    return worker;
  };

  // The sweeping worker first: it settles what a crash interrupted before any other worker takes
  // an upload; the rest start once it listens.
  const first = fork('start-up');
  const firstListens = await new Promise<boolean>((resolve) => {
    first.once('listening', () => resolve(true));
    first.once('exit', () => resolve(false));
  });
  if (!firstListens) {
    // Its own error (a port in use, a bad database) is already on stderr.
    log.fatal('the first worker stopped before it could serve; not starting the others');
    process.exit(1);
  }
  for (let i = 1; i < config.workers; i++) fork('off');

  cluster.on('exit', (worker, code, signal) => {
    const was = roles.get(worker.id);
    roles.delete(worker.id);
    if (closing) {
      if (roles.size === 0) process.exit(0);
      return;
    }
    // The sweeper's successor does not settle "interrupted" changes: the others may be mid-upload.
    const role: HousekeepingRole = was?.role === 'off' ? 'off' : 'sweeps';
    const quick = was !== undefined && Date.now() - was.startedAt < STEADY_MS;
    const delay = quick ? backoffMs : 0;
    backoffMs = quick ? Math.min(backoffMs * 2, MAX_BACKOFF_MS) : 1000;
    log.error({ pid: worker.process.pid, code, signal }, `a worker stopped; starting another${delay ? ` in ${delay / 1000} s` : ''}`);
    setTimeout(() => {
      if (!closing) fork(role);
    }, delay);
  });

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: workers finish their in-flight requests');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), SHUTDOWN_MS).unref();
    if (roles.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const { msg, addresses } = listeningMessage(config.host, config.port, `${config.workers} workers, ${config.databaseUrl ? 'postgres' : 'sqlite'}`);
  log.info({ addresses }, msg);
}
