import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppContext } from './app-types.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { requestForLog } from './lib/log-serializers.ts';
import { REPO_DIR } from './paths.ts';
import { FallbackRateLimiter, MemoryRateLimiter } from './lib/rate-limiter.ts';
import { openRedis } from './lib/redis.ts';
import accountRoutes from './modules/account/account.routes.ts';
import adminRoutes from './modules/admin/admin.routes.ts';
import passwordResetRoutes from './modules/password-reset/password-reset.routes.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import sessionsRoutes from './modules/sessions/sessions.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import eventsRoutes from './modules/events/events.routes.ts';
import { createLiveEvents, type LiveEventsOptions } from './modules/events/live-events.ts';
import friendsRoutes from './modules/friends/friends.routes.ts';
import { LocalMediaStore, type MediaStore } from './modules/media/media-store.ts';
import { UPLOAD_LIMITS } from './modules/media/multipart.ts';
import { UploadGate } from './modules/media/upload-limits.ts';
import { ReadCache } from './modules/read-cache/read-cache.ts';
import { ConversationCountsCache } from './modules/conversation/counts-cache.ts';
import mapRoutes from './modules/map/map.routes.ts';
import mediaRoutes from './modules/media/media.routes.ts';
import memoriesRoutes from './modules/memories/memories.routes.ts';
import onThisDayRoutes from './modules/on-this-day/on-this-day.routes.ts';
import placesRoutes, { placesServiceFor } from './modules/places/places.routes.ts';
import searchRoutes from './modules/search/search.routes.ts';
import shareLinksRoutes from './modules/share-links/share-links.routes.ts';
import circlesRoutes from './modules/circles/circles.routes.ts';
import conversationRoutes from './modules/conversation/conversation.routes.ts';
import { registerPinCounts } from './modules/conversation/pin-counts.ts';
import notificationsRoutes from './modules/notifications/notifications.routes.ts';
import tripsRoutes from './modules/trips/trips.routes.ts';
import worldRoutes from './modules/world/world.routes.ts';
import systemRoutes from './modules/system/system.routes.ts';
import usersRoutes from './modules/users/users.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCrossOrigin } from './plugins/cross-origin.ts';
import { registerDurableWrites } from './plugins/durable-writes.ts';
import { registerHousekeeping, type HousekeepingRole } from './plugins/housekeeping.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerShutdownAnswer } from './plugins/shutdown.ts';
import { registerWebApp, sendAppPage } from './plugins/web-app.ts';
import { clientErrorHandler, refuseNulCharacters, registerErrorHandler } from './plugins/error-handler.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  media?: MediaStore;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served with an index.html fallback when it exists. */
  webDist?: string;
  /** Live stream limits and heartbeat (tests shorten the heartbeat). */
  liveEvents?: LiveEventsOptions;
  /** Whether this process sweeps and recovers (one worker of several: plugins/housekeeping.ts). */
  housekeeping?: HousekeepingRole;
  /** Replaces the SMTP mailer of config.smtp. */
  mailer?: Mailer;
}

/** Files in DATA_DIR/media, or an S3 bucket when S3_BUCKET is set (its SDK loads only then: ~12 MB). */
export async function openMediaStore(config: Config): Promise<MediaStore> {
  if (!config.s3) return new LocalMediaStore(config.mediaDir);
  const { createS3MediaStore } = await import('./modules/media/s3-media-store.ts');
  return createS3MediaStore(config.s3);
}

const DEFAULT_WEB_DIST = path.join(REPO_DIR, 'web', 'dist');

/** Builds the whole app without listening, so tests can `inject()` requests and never need a port. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Tokens, cookies, passwords, photo signatures and positions never reach the log.
      serializers: { req: requestForLog },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.currentPassword'],
        censor: '[redacted]',
      },
    },
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within 5 minutes (Node's own default, which Fastify turns off):
    // an upload holds a place in memory while its file arrives (media/upload-limits.ts), and a
    // client trickling bytes must not hold it for ever. 15 MB at 1 Mbit/s takes 2 minutes.
    requestTimeout: 5 * 60 * 1000,
    // Client ids are UUIDs and routes are short; anything longer is not ours.
    routerOptions: { maxParamLength: 200 },
    trustProxy: config.trustProxy,
    // Requests that arrive while closing get our 503 (plugins/shutdown.ts), not Fastify's body.
    return503OnClosing: false,
    // Errors Fastify raises before routing (bad URL, over-long parameter) keep our one shape.
    clientErrorHandler,
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      if (tooLong) reply.code(404).send({ error: 'Not found' });
      else reply.code(400).send({ error: 'The address is not valid' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  const ctx: AppContext = {
    config,
    db,
    redis,
    media: options.media ?? (await openMediaStore(config)),
    limiter: redis ? new FallbackRateLimiter(redis, app.log, Date.now, `${config.redisPrefix}rl:`) : new MemoryRateLimiter(),
    events: createLiveEvents(redis, config.redisPrefix, app.log, options.liveEvents),
    uploads: new UploadGate(),
    readCache: new ReadCache({ enabled: config.readCache }),
    conversationCounts: config.readCache ? new ConversationCountsCache() : undefined,
    mailer: options.mailer ?? (config.smtp ? createMailer(config.smtp) : undefined),
  };
  app.decorate('ctx', ctx);
  // Live streams never end by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => ctx.events.endAllStreams());
  app.addHook('onClose', async () => {
    await ctx.limiter.close();
    await ctx.events.close();
    ctx.mailer?.close();
    redis?.disconnect();
  });

  registerErrorHandler(app);
  registerShutdownAnswer(app);
  registerDurableWrites(app);
  app.addHook('preValidation', async (request) => refuseNulCharacters(request.body, request.query, request.params));
  registerAuth(app);
  registerRateLimits(app);
  registerMetrics(app);
  registerPinCounts(app);
  registerHousekeeping(app, options.housekeeping);

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await registerCrossOrigin(app);
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
  await registerOpenApi(app);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(friendsRoutes);
  await app.register(circlesRoutes);
  // One places service: the memories module names the place of a moved memory with it.
  const places = placesServiceFor(app);
  await app.register(memoriesRoutes, { places });
  await app.register(mapRoutes);
  await app.register(searchRoutes);
  await app.register(mediaRoutes);
  await app.register(placesRoutes, { service: places });
  await app.register(eventsRoutes);
  await app.register(shareLinksRoutes);
  await app.register(tripsRoutes);
  await app.register(worldRoutes);
  await app.register(onThisDayRoutes);
  await app.register(conversationRoutes);
  await app.register(notificationsRoutes);
  await app.register(accountRoutes);
  await app.register(adminRoutes);
  await app.register(passwordResetRoutes);
  await app.register(sessionsRoutes);

  const webDist = options.webDist ?? config.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = await registerWebApp(app, webDist);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // Deep links such as /friends load the app. Unknown /api and /media paths, and missing files
    // (a stale /assets/index-abc.js), stay 404s: an HTML page in their place breaks the app
    // with a confusing MIME-type error instead of a clear "not found".
    const isFile = url.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(url);
    // HEAD too: uptime checkers ask with HEAD, and it must answer as GET does (without the body).
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isFile && !url.startsWith('/api/') && !url.startsWith('/media/')) {
      return sendAppPage(reply, webDist, url);
    }
    return reply.code(404).send({ error: `No route for ${request.method} ${url}` });
  });

  return app;
}
