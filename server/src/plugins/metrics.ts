import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { App } from '../app-types.ts';
import { queryListeners } from '../db/query-timing.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { bearerToken } from './auth.ts';

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in the Prometheus text format (docs/design.md §18), only when METRICS_TOKEN is set
 * and only for that Bearer token; without the variable the route does not exist (404). Each app
 * has its own registry, so tests may build several apps in one process.
 */
export function registerMetrics(app: App): void {
  const token = app.ctx.config.metricsToken;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register });

  // Route patterns, never raw paths: ids would make a series per memory.
  const requests = new Histogram({
    name: 'memorymap_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their durations',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const cache = app.ctx.readCache;
  const lrus = [cache.shared, cache.perViewer, cache.laterPages];
  new Counter({
    name: 'memorymap_read_cache_hits_total',
    help: 'Feed and map reads answered from the read cache',
    registers: [register],
    collect() {
      this.reset();
      this.inc(lrus.reduce((n, l) => n + l.hits, 0));
    },
  });
  new Counter({
    name: 'memorymap_read_cache_misses_total',
    help: 'Feed and map reads that went to the database',
    registers: [register],
    collect() {
      this.reset();
      this.inc(lrus.reduce((n, l) => n + l.misses, 0));
    },
  });

  const queries = new Histogram({
    name: 'memorymap_db_query_duration_seconds',
    help: 'Database queries and how long each took',
    labelNames: ['outcome'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [register],
  });
  const onQuery = (seconds: number, failed: boolean) => queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds);
  queryListeners.add(onQuery);

  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  new Gauge({
    name: 'memorymap_event_loop_delay_p99_seconds',
    help: 'The 99th percentile of the event loop delay since the last scrape',
    registers: [register],
    collect() {
      this.set(loop.percentile(99) / 1e9);
      loop.reset();
    },
  });

  const hub = app.ctx.events.hub;
  new Gauge({
    name: 'memorymap_live_streams',
    help: 'Live event streams open on this server',
    registers: [register],
    collect() {
      this.set(hub.size);
    },
  });

  app.addHook('onClose', async () => {
    queryListeners.delete(onQuery);
    loop.disable();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(bearerToken(request), token)) throw new UnauthorizedError('Send the metrics token as a Bearer token');
    reply.header('content-type', register.contentType).header('cache-control', 'no-store');
    return register.metrics();
  });
}
