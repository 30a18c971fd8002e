import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { LiveEvents } from './modules/events/live-events.ts';
import type { MediaStore } from './modules/media/media-store.ts';
import type { Mailer } from './lib/mailer.ts';
import type { UploadGate } from './modules/media/upload-limits.ts';
import type { ReadCache } from './modules/read-cache/read-cache.ts';
import type { ConversationCountsCache } from './modules/conversation/counts-cache.ts';
import type { ReadCounters } from './modules/read-cache/read-cache.ts';

/** Everything a service needs, built once in buildApp and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Set when REDIS_URL is; may be unreachable at any moment (lib/redis.ts). */
  redis?: Redis;
  media: MediaStore;
  limiter: RateLimiter;
  /** Photo uploads in progress per user (modules/media/upload-limits.ts). */
  uploads: UploadGate;
  /** Live events (docs/design.md §10): publish to an audience, on every app server. */
  events: LiveEvents;
  /** The feed's and the map's read cache (docs/decisions/080-read-cache.md). */
  readCache: ReadCache;
  /** Pin answers' comment and reaction counts, kept while unchanged; off with the read cache. */
  conversationCounts?: ConversationCountsCache;
  /** Set when SMTP_URL and MAIL_FROM are: password reset e-mails (docs/design.md §18). */
  mailer?: Mailer;
}

export interface AuthUser {
  id: string;
  username: string;
  /** Hash of the token that authenticated this request (logout revokes exactly this one). */
  sessionHash: string;
  /** The read cache's counters for this user, read with the session, before anything else. */
  counters?: ReadCounters;
  /** The counter of every memory's comment and reaction counts (migration 0091), read with them. */
  conversationSeq?: number;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest hook for PUT /update_user only: the session cookie, same-origin, else 401/403. */
    requireCookieUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}
