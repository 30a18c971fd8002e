import type { App } from '../app-types.ts';

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * While the app closes (main.ts on SIGTERM: in-flight requests finish), a request that still
 * reaches it — pipelined, or on a keep-alive connection that was busy — is answered 503 in our one
 * error shape, with Retry-After and the connection closed so the client reconnects to a live
 * server. Fastify's own 503 (return503OnClosing, turned off in app.ts) has a body of its own.
 */
export function registerShutdownAnswer(app: App): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    // Sent as text: the route's own response schema (health's 503 has more fields) must not apply.
    reply
      .code(503)
      .headers({ 'retry-after': '5', connection: 'close', 'content-type': 'application/json; charset=utf-8' })
      .send(JSON.stringify({ error: SHUTTING_DOWN_MESSAGE }));
    return reply;
  });
}
