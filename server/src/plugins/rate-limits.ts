import { ACCOUNT_MESSAGES } from '@memory-map/shared';
import type { App } from '../app-types.ts';
import { AppError } from '../lib/errors.ts';
import type { RateLimiter } from '../lib/rate-limiter.ts';

/*
 * Ours rather than @fastify/rate-limit (docs/decisions/140-libraries.md): several limits count
 * only failures, or are counted by services, and while Redis is away the counters fall back to
 * this process's instead of letting every request through.
 */

/**
 * What a limit counts: requests of one signed-in user, of one client address, attempts at one
 * username (whoever makes them), or at one username from one address.
 */
export type Counted = 'user' | 'address' | 'username' | 'username-and-address';

interface RuleBase {
  /** The counter's name; rules that count the same thing under one name share its counter. */
  name: string;
  per: Counted;
  max: number;
  windowSeconds: number;
  /** `failures`: only failed attempts count, which the service reports (`countFailure`). */
  counts?: 'failures';
}

/**
 * One limit: at most `max` per `windowSeconds`. Whoever hits it is told either what they may do
 * (`does` completes "You can …", with the wait) or, where saying more would help a guesser, a
 * fixed sentence (`says`).
 */
export type RateRule = RuleBase & ({ does: string } | { says: string });

/** A limit a route names in its `config.rateLimit`: every request counts, per user or address. */
export type RouteRateRule = RateRule & { per: 'user' | 'address'; counts?: never };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Signing in and up do not say which limit was hit, or how long it holds. */
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a moment and try again.';

/**
 * Every limit of the server, in one table (docs/decisions-left-open.md lists them). Writes are limited per user, so
 * one account cannot flood the database or its friends whatever addresses it uses; place
 * lookups, which cost CPU and may reach GEOCODER_URL, per address.
 *
 * Login: every attempt counts per address. Only *failed* passwords count against a username:
 * strictly per (username, address), loosely per username alone so a guesser spread over many
 * addresses is stopped too. Successful logins never count. The price of the loose limit: someone
 * failing from ten or more addresses can make a username wait up to 15 minutes, the owner
 * included; without it, those addresses could guess without end. Deleting an account allows
 * enough wrong passwords for a person who mistypes, not for someone guessing with a session
 * they should not have.
 */
export const RATE_LIMITS = {
  login: { name: 'login', per: 'address', max: 30, windowSeconds: MINUTE, says: TOO_MANY_ATTEMPTS },
  loginFailuresPerUsernameAndAddress: { name: 'login:fail', per: 'username-and-address', max: 10, windowSeconds: 15 * MINUTE, counts: 'failures', says: TOO_MANY_ATTEMPTS },
  loginFailuresPerUsername: { name: 'login:fail', per: 'username', max: 100, windowSeconds: 15 * MINUTE, counts: 'failures', says: TOO_MANY_ATTEMPTS },
  register: { name: 'register', per: 'address', max: 10, windowSeconds: HOUR, says: TOO_MANY_ATTEMPTS },
  deleteAccountFailures: { name: 'delete-account:failures', per: 'user', max: 5, windowSeconds: 15 * MINUTE, counts: 'failures', says: ACCOUNT_MESSAGES.tooManyAttempts },
  createMemory: { name: 'memories:create', per: 'user', max: 60, windowSeconds: MINUTE, does: 'create at most 60 memories a minute' },
  updateMemory: { name: 'memories:update', per: 'user', max: 120, windowSeconds: MINUTE, does: 'edit memories at most 120 times a minute' },
  sendFriendRequestPerMinute: { name: 'friends:send:minute', per: 'user', max: 30, windowSeconds: MINUTE, does: 'send at most 30 friend requests a minute' },
  sendFriendRequestPerDay: { name: 'friends:send:day', per: 'user', max: 300, windowSeconds: DAY, does: 'send at most 300 friend requests a day' },
  placesSearch: { name: 'places:search', per: 'address', max: 60, windowSeconds: MINUTE, does: 'search for places at most 60 times a minute' },
  placesReverse: { name: 'places:reverse', per: 'address', max: 60, windowSeconds: MINUTE, does: 'look up places at most 60 times a minute' },
  shareLink: { name: 'share:create', per: 'user', max: 60, windowSeconds: MINUTE, does: 'make at most 60 share links a minute' },
  sharePage: { name: 'share:page', per: 'address', max: 120, windowSeconds: MINUTE, does: 'open shared memories at most 120 times a minute' },
  // docs/design.md §14: a conversation, not a flood (edits count with comments).
  comment: { name: 'conversation:comment', per: 'user', max: 30, windowSeconds: MINUTE, does: 'comment at most 30 times a minute' },
  reaction: { name: 'conversation:react', per: 'user', max: 60, windowSeconds: MINUTE, does: 'react at most 60 times a minute' },
  // docs/design.md §15: a GPX file is parsed in the request (up to 10 MB of XML).
  tripTrack: { name: 'trips:track', per: 'user', max: 20, windowSeconds: MINUTE, does: 'upload at most 20 GPX tracks a minute' },
  exportData: { name: 'account:export', per: 'user', max: 10, windowSeconds: HOUR, does: 'download your data at most 10 times an hour' },
  // docs/design.md §18: password reset links.
  passwordForgot: { name: 'password:forgot', per: 'address', max: 10, windowSeconds: HOUR, does: 'ask for at most 10 reset links an hour' },
  /** Counted per account by the service, silently: the answer must not tell the account exists. */
  passwordResetMail: { name: 'password:mail', per: 'user', max: 3, windowSeconds: HOUR, does: 'get at most 3 reset e-mails an hour' },
  passwordReset: { name: 'password:reset', per: 'address', max: 20, windowSeconds: HOUR, does: 'try at most 20 reset links an hour' },
} as const satisfies Record<string, RateRule>;

/** Who is counted: whichever of these the rule's `per` needs. */
export interface Counter {
  userId?: string;
  address?: string;
  /** Lower-cased. */
  username?: string;
}

/** The limiter's key of one rule for one counted subject. */
export function rateKey(rule: RateRule, who: Counter): string {
  const need = (value: string | undefined, what: string): string => {
    if (value === undefined) throw new Error(`the limit '${rule.name}' counts per ${what}, which was not given`);
    return value;
  };
  switch (rule.per) {
    case 'user':
      return `${rule.name}:user:${need(who.userId, 'user')}`;
    case 'address':
      return `${rule.name}:ip:${need(who.address, 'address')}`;
    case 'username':
      return `${rule.name}:${need(who.username, 'username')}`;
    case 'username-and-address':
      return `${rule.name}:${need(who.username, 'username')}:${need(who.address, 'address')}`;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limits of this route, checked after authentication and before the body is validated. */
    rateLimit?: RouteRateRule | readonly RouteRateRule[];
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
  const text = 'does' in rule ? `You can ${rule.does}. Please try again in ${waitText(retryAfter)}.` : rule.says;
  return new AppError(429, text, { 'retry-after': String(retryAfter) });
}

/** Counts this attempt against the rule; over the limit, refuses it (429). */
export async function countAttempt(limiter: RateLimiter, rule: RateRule, who: Counter): Promise<void> {
  const { allowed, retryAfter } = await limiter.hit(rateKey(rule, who), rule.max, rule.windowSeconds);
  if (!allowed) throw tooManyRequests(rule, retryAfter);
}

/** Refuses (429) while the rule's failures are over the limit, without counting this look. */
export async function refuseWhileBlocked(limiter: RateLimiter, rule: RateRule, who: Counter): Promise<void> {
  const { allowed, retryAfter } = await limiter.isBlocked(rateKey(rule, who), rule.max);
  if (!allowed) throw tooManyRequests(rule, retryAfter);
}

/** Counts a failure; true when this one went over the limit. */
export async function countFailure(limiter: RateLimiter, rule: RateRule, who: Counter): Promise<{ over: boolean; retryAfter: number }> {
  const { allowed, retryAfter } = await limiter.hit(rateKey(rule, who), rule.max, rule.windowSeconds);
  return { over: !allowed, retryAfter };
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
    const rules: readonly RouteRateRule[] = Array.isArray(configured) ? configured : [configured as RouteRateRule];
    for (const rule of rules) {
      // A per-user rule on a route without a session counts the address instead.
      const counted: RateRule = rule.per === 'user' && !request.user ? { ...rule, per: 'address' } : rule;
      const { allowed, retryAfter } = await app.ctx.limiter.hit(
        `route:${rateKey(counted, { userId: request.user?.id, address: request.ip })}`,
        rule.max,
        rule.windowSeconds,
      );
      if (!allowed) throw tooManyRequests(rule, retryAfter);
    }
  });
}
