/**
 * The ceiling: a bare Fastify "hello world" on this machine, measured in the same bench run as
 * the app. PORT and HOST as for the app.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 3999);
app.listen({ port, host: process.env.HOST ?? '127.0.0.1' }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
