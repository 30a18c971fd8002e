import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * `https://app.example.com/` or `http://localhost:5173` as the browser sends it in Origin
 * (scheme, host and port only), or null when the text is not one.
 */
function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

/** Environment variables, parsed once; a bad value stops start-up with a clear message (the README and .env.example list each). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'REDIS_PREFIX must be 1–64 letters, digits or : _ . -')
    .default('mm:'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  PUBLIC_URL: z.url().optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SUPPORT_EMAIL: z.email().optional(),
  GEOCODER_URL: z.url().optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const origins: string[] = [];
      for (const entry of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
        const origin = originOf(entry);
        if (origin) origins.push(origin);
        // A wildcard cannot carry credentials, and the original client sends them.
        else ctx.addIssue({ code: 'custom', message: `"${entry}" is not an origin such as https://app.example.com` });
      }
      return origins;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'TRUST_PROXY must be true or false' }).default('false'),
  WORKERS: z.coerce
    .number({ error: 'WORKERS must be a number' })
    .int('WORKERS must be a whole number')
    .min(1, 'WORKERS must be at least 1')
    .max(256, 'WORKERS must be at most 256')
    .optional(),
  READ_CACHE: z.enum(['on', 'off'], { error: 'READ_CACHE must be on or off' }).default('on'),
  REGISTRATION: z.enum(['open', 'invite', 'closed'], { error: 'REGISTRATION must be open, invite or closed' }).default('open'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3, 'MAIL_FROM must be an address such as "Memory Map <memories@example.org>"').optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Starts every Redis key and channel of this app: app servers that share events share it. */
  redisPrefix: string;
  s3?: S3Config;
  publicUrl?: string;
  sessionTtlDays: number;
  /** '' when none is configured (supportAddress). */
  supportEmail: string;
  geocoderUrl?: string;
  corsOrigins: string[];
  logLevel: string;
  /** Signs media URLs; generated on first start and kept in DATA_DIR unless SECRET_KEY is given. */
  secretKey: string;
  /** Secure cookies only when the public URL is https. */
  secureCookies: boolean;
  /** The built web app to serve (default web/dist). */
  webDist?: string;
  /** Behind a reverse proxy: client address and protocol come from X-Forwarded-For/-Proto. */
  trustProxy: boolean;
  /**
   * Server processes on this machine (node:cluster, main.ts). Default: one per core with
   * REDIS_URL, else 1 — processes share live events, rate limits and cache invalidations only
   * through Redis (docs/decisions/081-workers-and-serializer.md).
   */
  workers: number;
  /** The feed's and the map's read cache (docs/decisions/080-read-cache.md); off reads the database every time. */
  readCache: boolean;
  /** The sign-up mode until an admin chooses one (docs/design.md §18). */
  registration: 'open' | 'invite' | 'closed';
  /** Password reset e-mails: both set, or none (then an admin makes the link). */
  smtp?: { url: string; from: string };
  /** GET /metrics answers only with this Bearer token, and only when it is set. */
  metricsToken?: string;
}

/**
 * DATA_DIR holds the database and the secret key: created for the server's user alone (0700,
 * stated with chmod because the umask may narrow mkdir's mode but never widen it). A directory
 * the operator made keeps the mode they gave it; the files in it are 0600 regardless.
 */
function createDataDir(dataDir: string): void {
  if (existsSync(dataDir)) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * The support address Settings > Help shows: SUPPORT_EMAIL, else support@ the public host when
 * PUBLIC_URL names a real domain, else none (''), and Help says to ask whoever runs the app.
 * `support@localhost` or `support@192.168.1.5` would be an address nobody reads.
 */
export function supportAddress(supportEmail: string | undefined, publicUrl: string | undefined): string {
  if (supportEmail) return supportEmail;
  if (!publicUrl) return '';
  const host = new URL(publicUrl).hostname;
  const isDomain = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[') && !host.endsWith('.localhost') && !host.endsWith('.local');
  return isDomain ? `support@${host}` : '';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKERS !== undefined && e.WORKERS > 1 && !e.REDIS_URL) {
    throw new Error(
      'Invalid configuration:\n  WORKERS: more than one worker needs REDIS_URL (the processes share live updates, rate limits and fresh feeds through Redis); set REDIS_URL or WORKERS=1',
    );
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new Error('Invalid configuration:\n  SMTP_URL, MAIL_FROM: set both to send password reset e-mails, or neither');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  createDataDir(dataDir);
  const mediaDir = path.join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    publicUrl: e.PUBLIC_URL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    supportEmail: supportAddress(e.SUPPORT_EMAIL, e.PUBLIC_URL),
    geocoderUrl: e.GEOCODER_URL,
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    secretKey: e.SECRET_KEY ?? loadOrCreateSecret(dataDir),
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: e.TRUST_PROXY === 'true',
    workers: e.WORKERS ?? (e.REDIS_URL ? availableParallelism() : 1),
    readCache: e.READ_CACHE === 'on',
    registration: e.REGISTRATION,
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    metricsToken: e.METRICS_TOKEN,
  };
}
