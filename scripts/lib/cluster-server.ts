/**
 * Bench only: the app in WORKERS processes sharing one port (node:cluster), to measure what a
 * second process buys on a machine with more than one core. Each worker runs the server bundle
 * (server/dist/main.js, as npm start does) unchanged; the rate limiter is per process unless REDIS_URL is set.
 */
import cluster from 'node:cluster';
import path from 'node:path';

const workers = Math.max(1, Number(process.env.WORKERS ?? 2));
cluster.setupPrimary({ exec: path.resolve(import.meta.dirname, '../../server/dist/main.js'), execArgv: ['--enable-source-maps'] });
for (let i = 0; i < workers; i++) cluster.fork();
const stop = () => {
  for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
cluster.on('exit', () => {
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
});
