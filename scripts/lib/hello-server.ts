/**
 * The ceiling: a bare Fastify "hello world" on this machine, measured in the same bench run as
 * the app, and the same server sending a body of a feed page's size held ready (/bytes/<n>). PORT and HOST as for the app; WORKERS processes (node:cluster) as the app runs with.
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';

const workers = Math.max(1, Number(process.env.WORKERS ?? 1));
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  });
  cluster.on('exit', () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
} else {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  // The same, sending `n` bytes of JSON made once: what sending a feed page's bytes costs alone.
  const bodies = new Map<number, Buffer>();
  app.get<{ Params: { n: string } }>('/bytes/:n', async (request, reply) => {
    const n = Math.min(1_000_000, Math.max(2, Number(request.params.n) || 2));
    let body = bodies.get(n);
    if (!body) bodies.set(n, (body = Buffer.from(`"${'x'.repeat(n - 2)}"`)));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  const port = Number(process.env.PORT ?? 3999);
  app.listen({ port, host: process.env.HOST ?? '127.0.0.1' }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}
