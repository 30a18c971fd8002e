import type { App } from '../app-types.ts';
import { AppError } from '../lib/errors.ts';

/**
 * One limit of a route: at most `max` requests per `windowSeconds`, counted per signed-in user
 * or per client address. `does` completes "You can …" for the person who hit it.
 */
export interface RateRule {
  name: string;
  per: 'user' | 'address';
  max: number;
  windowSeconds: number;
  does: string;
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/**
 * Every per-route limit, in one place (README lists them). Writes are limited per user, so one
 * account cannot flood the database or its friends whatever addresses it uses; place lookups,
 * which cost CPU and may reach GEOCODER_URL, per address.
 */
export const RATE_LIMITS = {
  createMemory: { name: 'memories:create', per: 'user', max: 60, windowSeconds: MINUTE, does: 'create at most 60 memories a minute' },
  updateMemory: { name: 'memories:update', per: 'user', max: 120, windowSeconds: MINUTE, does: 'edit memories at most 120 times a minute' },
  sendFriendRequestPerMinute: { name: 'friends:send:minute', per: 'user', max: 30, windowSeconds: MINUTE, does: 'send at most 30 friend requests a minute' },
  sendFriendRequestPerDay: { name: 'friends:send:day', per: 'user', max: 300, windowSeconds: DAY, does: 'send at most 300 friend requests a day' },
  placesSearch: { name: 'places:search', per: 'address', max: 60, windowSeconds: MINUTE, does: 'search for places at most 60 times a minute' },
  placesReverse: { name: 'places:reverse', per: 'address', max: 60, windowSeconds: MINUTE, does: 'look up places at most 60 times a minute' },
  shareLink: { name: 'share:create', per: 'user', max: 60, windowSeconds: MINUTE, does: 'make at most 60 share links a minute' },
  sharePage: { name: 'share:page', per: 'address', max: 120, windowSeconds: MINUTE, does: 'open shared memories at most 120 times a minute' },
  exportData: { name: 'account:export', per: 'user', max: 10, windowSeconds: 60 * MINUTE, does: 'download your data at most 10 times an hour' },
  passwordForgot: { name: 'password:forgot', per: 'address', max: 10, windowSeconds: 60 * MINUTE, does: 'ask for at most 10 reset links an hour' },
  /** Counted per account by the service, silently: the answer must not tell the account exists. */
  passwordResetMail: { name: 'password:mail', per: 'user', max: 3, windowSeconds: 60 * MINUTE, does: 'get at most 3 reset e-mails an hour' },
  passwordReset: { name: 'password:reset', per: 'address', max: 20, windowSeconds: 60 * MINUTE, does: 'try at most 20 reset links an hour' },
  adminWrite: { name: 'admin:write', per: 'user', max: 120, windowSeconds: MINUTE, does: 'make at most 120 admin changes a minute' },
} as const satisfies Record<string, RateRule>;

/** A rule of the table by name, for the few limits a service counts itself. */
export function limitOf(name: keyof typeof RATE_LIMITS): RateRule {
  return RATE_LIMITS[name];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limits of this route, checked after authentication and before the body is validated. */
    rateLimit?: RateRule | readonly RateRule[];
  }
}

/** "in 40 seconds", "in 3 minutes", "in 5 hours": what Retry-After says, for a person. */
export function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return unit(Math.max(1, seconds), 'second');
  if (seconds < 90 * MINUTE) return unit(Math.ceil(seconds / MINUTE), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

export function tooManyRequests(rule: RateRule, retryAfter: number): AppError {
  return new AppError(429, `You can ${rule.does}. Please try again in ${waitText(retryAfter)}.`, {
    'retry-after': String(retryAfter),
  });
}

/**
 * Routes name their limits in `config.rateLimit`; this one hook counts them, through the app's
 * limiter (Redis when configured, per process while it is unreachable). It runs at preValidation:
 * after the route's authentication (onRequest), so per-user rules know the user, and before the
 * handler reads a multipart body, so a refused upload is not read at all.
 */
export function registerRateLimits(app: App): void {
  app.addHook('preValidation', async (request) => {
    const configured = request.routeOptions.config.rateLimit;
    if (!configured) return;
    const rules: readonly RateRule[] = Array.isArray(configured) ? configured : [configured as RateRule];
    for (const rule of rules) {
      const who = rule.per === 'user' && request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      const { allowed, retryAfter } = await app.ctx.limiter.hit(`route:${rule.name}:${who}`, rule.max, rule.windowSeconds);
      if (!allowed) throw tooManyRequests(rule, retryAfter);
    }
  });
}
