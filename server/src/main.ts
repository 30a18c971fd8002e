import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { listeningMessage } from './listen-addresses.ts';
import { openDatabase } from './db/open.ts';
import { warm as warmPlaces } from './modules/places/index.ts';
import { housekeepingRole, runPrimary } from './workers.ts';

/** How long start-up waits for Redis before serving without it. */
const REDIS_WAIT_MS = 5_000;

/**
 * The only file that listens; buildApp stays port-free for tests (docs/conventions.md). With
 * WORKERS above 1 this process starts the workers (workers.ts) and each of them serves.
 */
async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config);
  return serve(config);
}

async function serve(config: Config) {
  const db = await openDatabase(config);
  const app = await buildApp({ config, db, housekeeping: housekeepingRole() });
  app.addHook('onClose', () => db.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // close() stops accepting connections and resolves when in-flight requests have finished.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // The place index loads before the first request is accepted: the first search does not wait
  // for it, and its start-up peak of memory is over before any load arrives (tests, which never
  // listen, load it only if they use it). Without it the rest of the app still works.
  await warmPlaces().catch((err: unknown) => app.log.error({ err }, 'could not load the place index; place search will fail'));
  // Nor is a request accepted before this server hears the others' live events: a stream opened
  // earlier would miss what they publish meanwhile (docs/decisions/060-live-events.md).
  if (!(await app.ctx.events.whenConnected(REDIS_WAIT_MS))) {
    app.log.warn('Redis did not answer at start: serving now; live events cross app servers once it does');
  }
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) {
    const { msg, addresses } = listeningMessage(config.host, listeningPort(app, config.port), db.dialect);
    app.log.info({ addresses }, msg);
  }
}

/** The port really bound (PORT=0 asks the system for a free one). */
function listeningPort(app: { server: { address(): unknown } }, configured: number): number {
  const address = app.server.address();
  return address && typeof address === 'object' && 'port' in address ? Number(address.port) : configured;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
