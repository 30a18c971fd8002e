/**
 * npm run bench -- [--quick] [--dialects sqlite,postgres] [--sizes 100000,1000000]
 *   [--workers-list 1,<cores>] [--users 10000] [--friends 50] [--connections 32] [--duration 10]
 *   [--warmup 2] [--scenarios all|hot|writes] [--write-viewers 200] [--postgres-url URL]
 *   [--redis-url URL] [--pg-suffix NAME] [--fresh] [--out bench/results.json]
 *
 * One run measures every configuration of issue 13: each database (SQLite; PostgreSQL + Redis) at
 * each size, served by one worker and by all (WORKERS). For each it seeds or reuses a database
 * (SQLite cached in bench/tmp per size; PostgreSQL in a database named for the size, created on
 * the server of --postgres-url), starts the app as `npm start` serves it, measures a bare Fastify
 * "hello world" with as many processes as the ceiling, loads each scenario over loopback with
 * autocannon, and checks fresh reads after a write on one server and across two. Prints each
 * configuration's table and targets, then one summary of every target, and merges the runs into
 * bench/results.json. --quick: 100k memories, 3 s per scenario, hot paths only (development).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { sql } from 'kysely';
import { openPostgres, openSqlite } from '../server/src/db/database.ts';
import { latOfY, lngOfX, mercatorX, mercatorY } from '../server/src/modules/map-cells/map-grid.ts';
import { parseArgs } from './lib/args.ts';
import { freePort, SERVE_NODE_FLAGS, startNodeServer, waitForIdle, waitForWorkers, type ServerProcess } from './lib/bench-process.ts';
import {
  growthTable,
  saveRun,
  scenarioTable,
  table,
  targetTable,
  type BenchRun,
  type ScenarioResult,
  type TargetCheck,
} from './lib/bench-report.ts';
import { checkFreshness, type FreshnessResult } from './lib/freshness.ts';
import { runLoad, type LoadSpec } from './lib/load.ts';
import { makePhoto, median, multipartBody, timeRuns } from './lib/photo.ts';
import { SEED_PASSWORD } from './lib/seed-core.ts';
import { biggestCity } from './lib/seed-data.ts';
import { runSeed, sqliteFile } from './seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The web app's feed page (20): a request without limit gets 200 (the original client's call). */
const FEED_FIRST_PAGE = '/api/query_feed?limit=20';

export interface BenchOptions {
  users: number;
  memories: number;
  friends: number;
  connections: number;
  /** Seconds per scenario. */
  duration: number;
  /** Seconds of unrecorded load before each scenario. */
  warmup: number;
  /** Requests per scenario instead of `duration` seconds (a run that checks, not measures). */
  amount?: number;
  dataDir: string;
  databaseUrl?: string;
  fresh: boolean;
  out: string;
  /** Users logged in to spread the load over. */
  tokens: number;
  viewport: string;
  /** Size of the photo for the create scenario, in megapixels (12 for the figures). */
  photoMp: number;
  createConnections: number;
  logLevel: string;
  /** App processes (WORKERS, node:cluster). */
  workers: number;
  /** Redis for the app (REDIS_URL): live events, rate limits and fresh reads across processes. */
  redisUrl?: string;
  /** Print the growth against earlier runs in bench/results.json (one configuration alone). */
  printGrowth: boolean;
  /** Build the server bundle first, as npm start does (a caller that built it already skips it). */
  build: boolean;
  /**
   * `hot`: feed, feed deep, map city and world, the freshness check and the write scenarios;
   * `all` adds the rest; `writes`: the feed's first page and the write scenarios only (development).
   */
  scenarios: 'all' | 'hot' | 'writes';
  /** Viewers of the write scenarios (issue 25: 200). */
  writeViewers: number;
  /** Wait up to this many seconds for the machine to be idle before measuring (0: don't). */
  waitIdle: number;
  log: (line: string) => void;
}

export const DEFAULT_BENCH: Omit<BenchOptions, 'log' | 'databaseUrl'> = {
  users: 10_000,
  memories: 1_000_000,
  friends: 50,
  connections: 32,
  duration: 10,
  warmup: 2,
  dataDir: '',
  fresh: false,
  out: path.join(ROOT, 'bench', 'results.json'),
  tokens: 16,
  viewport: '1280x800',
  photoMp: 12,
  createConnections: 1,
  logLevel: 'warn',
  workers: 1,
  waitIdle: 0,
  scenarios: 'all',
  writeViewers: 200,
  build: true,
  printGrowth: true,
};

interface Target {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  users: number;
  memories: number;
}

/** Seed times by database (bench/tmp/seed-times.json): a reused database still reports its own. */
const SEED_TIMES = path.join(ROOT, 'bench', 'tmp', 'seed-times.json');

function seedTimes(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(SEED_TIMES, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function rememberSeedTime(name: string, seconds: number): void {
  mkdirSync(path.dirname(SEED_TIMES), { recursive: true });
  writeFileSync(SEED_TIMES, JSON.stringify({ ...seedTimes(), [name]: Math.round(seconds * 10) / 10 }, null, 2) + '\n');
}

/** The name seed times are kept under: the PostgreSQL database's, or the SQLite folder's. */
function databaseName(target: Target): string {
  return target.databaseUrl ? new URL(target.databaseUrl).pathname.slice(1) : path.basename(target.dataDir);
}

/** What the database takes on disk: the SQLite file with its log, or PostgreSQL's own count. */
async function diskBytes(target: Target): Promise<number> {
  if (!target.databaseUrl) {
    return ['', '-wal'].reduce((n, suffix) => n + (existsSync(sqliteFile(target.dataDir) + suffix) ? statSync(sqliteFile(target.dataDir) + suffix).size : 0), 0);
  }
  const db = openPostgres(target.databaseUrl, { max: 1 });
  try {
    const r = await sql<{ n: string }>`select pg_database_size(current_database())::text as n`.execute(db.kysely);
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await db.close();
  }
}

async function countRows(target: { dataDir: string; databaseUrl?: string }): Promise<{ users: number; memories: number }> {
  if (!target.databaseUrl && !existsSync(sqliteFile(target.dataDir))) return { users: 0, memories: 0 };
  const db = target.databaseUrl ? openPostgres(target.databaseUrl, { max: 1 }) : openSqlite(sqliteFile(target.dataDir));
  try {
    const count = async (table: 'users' | 'pins') => {
      const r = await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    };
    return { users: await count('users'), memories: await count('pins') };
  } catch {
    return { users: 0, memories: 0 };
  } finally {
    await db.close();
  }
}

/** The database to load: reused when it already holds the asked-for data, else seeded fresh. */
async function prepareDatabase(o: BenchOptions): Promise<Target> {
  const seedOptions = { users: o.users, memories: o.memories, friends: o.friends, reset: true, log: (m: string) => o.log(m) };
  if (o.databaseUrl) {
    const name = new URL(o.databaseUrl).pathname.slice(1);
    if (name === 'test') throw new Error('The bench never loads the `test` database; point DATABASE_URL at another one');
    const have = await countRows({ dataDir: '', databaseUrl: o.databaseUrl });
    if (o.fresh || have.users === 0) {
      o.log(`Seeding PostgreSQL database "${name}"…`);
      const s = await runSeed({ dataDir: '', databaseUrl: o.databaseUrl }, seedOptions);
      o.log(`Seeded in ${s.seconds.toFixed(1)} s`);
      rememberSeedTime(name, s.seconds);
      return { dialect: 'postgres', dataDir: path.join(ROOT, 'bench', 'tmp', 'pg-media'), databaseUrl: o.databaseUrl, users: o.users, memories: o.memories };
    }
    o.log(`Using PostgreSQL database "${name}" as it is (${have.users} users, ${have.memories} memories; --fresh reseeds)`);
    // The create scenario of earlier runs adds a few memories: label such a database by its seeded size.
    const seeded = have.users === o.users && have.memories >= o.memories && have.memories < o.memories * 1.01;
    return { dialect: 'postgres', dataDir: path.join(ROOT, 'bench', 'tmp', 'pg-media'), databaseUrl: o.databaseUrl, ...have, ...(seeded ? { memories: o.memories } : {}) };
  }

  if (o.dataDir) {
    const have = await countRows({ dataDir: o.dataDir });
    if (have.users > 0 && !o.fresh) {
      o.log(`Using ${sqliteFile(o.dataDir)} as it is (${have.users} users, ${have.memories} memories)`);
      return { dialect: 'sqlite', dataDir: o.dataDir, ...have };
    }
  }
  const dataDir = o.dataDir || path.join(ROOT, 'bench', 'tmp', `sqlite-u${o.users}-m${o.memories}-f${o.friends}`);
  const marker = path.join(dataDir, 'seed.json');
  const wanted = JSON.stringify({ users: o.users, memories: o.memories, friends: o.friends });
  if (!o.fresh && existsSync(marker) && readFileSync(marker, 'utf8').trim() === wanted) {
    const have = await countRows({ dataDir });
    if (have.users === o.users && have.memories >= o.memories) {
      // Earlier runs' create scenario added a few memories; the run is labelled by the seeded size.
      o.log(`Reusing the database seeded earlier in ${dataDir} (${have.memories} memories; --fresh reseeds)`);
      return { dialect: 'sqlite', dataDir, users: o.users, memories: o.memories };
    }
  }
  o.log(`Seeding ${sqliteFile(dataDir)}…`);
  mkdirSync(dataDir, { recursive: true });
  const s = await runSeed({ dataDir }, seedOptions);
  writeFileSync(marker, wanted + '\n');
  o.log(`Seeded in ${s.seconds.toFixed(1)} s`);
  rememberSeedTime(path.basename(dataDir), s.seconds);
  return { dialect: 'sqlite', dataDir, users: o.users, memories: o.memories };
}

/**
 * The freshness check's viewers: the author (the first logged-in user), one of their friends and
 * a user who is not.
 */
async function freshnessViewers(url: string, authorToken: string, users: number) {
  const me = (await getJson(`${url}/api/get_user`, authorToken)).body as { _id: string; username: string };
  const friends = (await getJson(`${url}/api/query_friends`, authorToken)).body as Array<{ _id: string; username: string }>;
  if (!Array.isArray(friends) || friends.length === 0) throw new Error(`${me.username} has no friends to check freshness with`);
  const names = new Set([me.username, ...friends.map((f) => f.username)]);
  let n = 1;
  while (names.has(`user${n}`) && n < users) n++;
  const as = async (username: string) => {
    const r = await login(url, username, nextIp());
    if (!r.token) throw new Error(`Could not log in as ${username}: ${r.status}`);
    return r.token;
  };
  return {
    author: { name: 'author' as const, token: authorToken },
    friend: { name: 'friend' as const, token: await as(friends[0]!.username) },
    stranger: { name: 'stranger' as const, token: await as(`user${n}`) },
  };
}

/** A UUIDv7 at a random moment between two (their first 48 bits are milliseconds): a cursor. */
function cursorBetween(low: string, high: string): string {
  const ms = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
  const at = ms(low) + Math.floor(Math.random() * (ms(high) - ms(low)));
  const hex = at.toString(16).padStart(12, '0') + '7' + randomUUID().replaceAll('-', '').slice(13, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A viewport of `width`×`height` pixels centred on a point at a zoom, as a bbox. */
function viewportBbox(lat: number, lng: number, zoom: number, width: number, height: number): string {
  const scale = 256 * 2 ** zoom;
  const x = mercatorX(lng) * scale;
  const y = mercatorY(lat) * scale;
  const west = lngOfX((x - width / 2) / scale);
  const east = lngOfX((x + width / 2) / scale);
  const north = latOfY((y - height / 2) / scale);
  const south = latOfY((y + height / 2) / scale);
  return [west, south, east, north].map((v) => v.toFixed(5)).join(',');
}

async function login(url: string, username: string, ip: string): Promise<{ status: number; token?: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/profile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ username, password: SEED_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string };
  return { status: res.status, token: body.token, ms: performance.now() - started };
}

let ipCounter = 0;
/** A different client address per login (the server trusts X-Forwarded-For in the bench), so the per-address limit does not kick in. */
function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function getJson(url: string, token: string): Promise<{ status: number; body: unknown; link: string | null }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json(), link: res.headers.get('link') };
}

function describeMap(body: unknown): { text: string; count: number } {
  const b = body as { items?: Array<{ kind: string; count?: number }>; truncated?: boolean };
  const items = b.items ?? [];
  const pins = items.filter((i) => i.kind === 'pin').length;
  const clusters = items.filter((i) => i.kind === 'cluster');
  const counted = clusters.reduce((s, c) => s + (c.count ?? 0), 0);
  const parts = [];
  if (pins) parts.push(`${pins} pins${b.truncated ? ' (truncated)' : ''}`);
  if (clusters.length) parts.push(`${clusters.length} clusters of ${counted}`);
  return { text: parts.join(' + ') || 'empty', count: items.length };
}

/** The mixed load's share of writes: 1 request in this many is a create. */
const WRITE_EVERY = 20;
/** Title of the bench's own memories (deleted after the write scenarios). */
const WRITE_TITLE = 'Bench write';

/** A create without a photo, visibility private, friends-only, public in turn, near the seed's cities. */
function writeBody(k: number) {
  const city = biggestCity();
  return {
    title: WRITE_TITLE,
    description: 'Made by npm run bench while others read.',
    latitude: Number((city.lat + ((k * 37) % 100) / 1000 - 0.05).toFixed(5)),
    longitude: Number((city.lng + ((k * 53) % 100) / 1000 - 0.05).toFixed(5)),
    visibility: String((k % 3) + 1),
    locationName: city.name,
  };
}

/** `count` users spread over the id range, logged in a few at a time (argon2 is slow on purpose). */
async function loginMany(url: string, users: number, count: number): Promise<string[]> {
  const k = Math.min(count, users);
  const out: string[] = new Array(k);
  for (let start = 0; start < k; start += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, k - start) }, async (_, j) => {
        const i = start + j;
        const r = await login(url, `user${1 + Math.floor((i * users) / k)}`, nextIp());
        if (!r.token) throw new Error(`Could not log in user ${i}: ${r.status}`);
        out[i] = r.token;
      }),
    );
  }
  return out;
}

/** Deletes the write scenarios' memories (through the database: the triggers keep every count right). */
async function deleteBenchWrites(target: Target): Promise<number> {
  const db = target.databaseUrl ? openPostgres(target.databaseUrl, { max: 1 }) : openSqlite(sqliteFile(target.dataDir));
  try {
    const r = await db.kysely.deleteFrom('pins').where('title', '=', WRITE_TITLE).executeTakeFirst();
    return Number(r.numDeletedRows);
  } finally {
    await db.close();
  }
}

export async function runBench(options: Partial<BenchOptions> = {}): Promise<BenchRun> {
  const o: BenchOptions = { ...DEFAULT_BENCH, log: (l) => console.log(l), ...options };
  const target = await prepareDatabase(o);
  // After seeding (which keeps the CPUs busy itself), before anything is measured.
  if (o.waitIdle > 0) await waitForIdle(o.waitIdle, o.log);
  const loadBefore = os.loadavg()[0]!;
  if (loadBefore > 0.5) o.log(`Note: the machine is already busy (load average ${loadBefore.toFixed(2)}); figures will be lower than on an idle machine`);
  const [vw, vh] = o.viewport.split('x').map(Number) as [number, number];

  // The photo and sharp's bare resize of it, measured before any server runs (only when the
  // create scenario runs: it costs seconds of CPU).
  const mp = o.photoMp;
  const width = Math.round(Math.sqrt((mp * 1e6 * 4) / 3));
  const withPhoto = o.scenarios === 'all';
  const photo = withPhoto ? await makePhoto(width, Math.round((width * 3) / 4)) : Buffer.alloc(0);
  const resizeRuns = o.duration >= 5 ? 9 : 3;
  const resize = (webp: boolean) =>
    withPhoto
      ? timeRuns(resizeRuns, () => {
          const resized = sharp(photo).resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true });
          return (webp ? resized.webp() : resized).toBuffer();
        })
      : Promise.resolve([] as number[]);
  const bareResize = await resize(false);
  const bareResizeWebp = await resize(true);
  if (withPhoto)
    o.log(`Photo: ${width}×${Math.round((width * 3) / 4)} JPEG, ${(photo.length / 1e6).toFixed(1)} MB; sharp's bare resize to 2048 px: median ${median(bareResize).toFixed(0)} ms (to WebP: ${median(bareResizeWebp).toFixed(0)} ms)`);

  const load = async (spec: Omit<LoadSpec, 'duration'>): Promise<ReturnType<typeof runLoad>> => {
    if (o.warmup > 0) await runLoad({ ...spec, duration: o.warmup, pid: undefined });
    return runLoad({ ...spec, duration: o.duration, amount: o.amount });
  };

  // The ceiling.
  const helloPort = await freePort();
  const hello = await startNodeServer(
    path.join(ROOT, 'scripts', 'lib', 'hello-server.ts'),
    { PORT: String(helloPort), HOST: '127.0.0.1', WORKERS: String(o.workers) },
    { cwd: ROOT, readyPath: '/' },
  );
  // Every worker listening before the load starts.
  if (o.workers > 1) await new Promise((r) => setTimeout(r, 2000));
  let ceilingLoad;
  try {
    ceilingLoad = await load({ url: hello.url, connections: o.connections, requests: [{ path: '/' }], pid: hello.pid });
  } finally {
    await hello.stop();
  }
  const ceiling: ScenarioResult = { id: 'hello', name: 'bare Fastify hello world', connections: o.connections, ratio: null, ...ceilingLoad };
  o.log(`Ceiling: ${ceiling.rps.toFixed(0)} req/s`);

  // The app, started the way `npm start` serves it.
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: o.logLevel,
    // Logins come from many addresses in X-Forwarded-For (see nextIp).
    TRUST_PROXY: 'true',
    NODE_ENV: 'production',
    // As npm start sets them: glibc malloc tuned for sharp's and argon2's big buffers (docs/decisions/030-serving.md).
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
  };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  env.WORKERS = String(o.workers);
  if (o.redisUrl) {
    env.REDIS_URL = o.redisUrl;
    // This run's own keys and channels: nothing of another run or app is shared.
    env.REDIS_PREFIX = `mm-bench:${randomUUID().slice(0, 8)}:`;
  }
  // The server bundle, built now as `npm start` builds it, so the bench measures what it serves.
  if (o.build) execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  const entry = path.join(ROOT, 'server', 'dist', 'main.js');
  const server: ServerProcess = await startNodeServer(entry, env, {
    cwd: ROOT,
    readyPath: '/api/health',
    timeoutMs: 120_000,
  });
  // The other workers load their place index after the first answers: wait for them all.
  if (o.workers > 1) await waitForWorkers(server.pid, o.workers);
  const scenarios: ScenarioResult[] = [];
  const extra: Record<string, unknown> = {
    bareResizeMs: { median: median(bareResize), runs: bareResize },
    bareResizeWebpMs: { median: median(bareResizeWebp), runs: bareResizeWebp },
    photoBytes: photo.length,
    photoMegapixels: mp,
    seedSeconds: seedTimes()[databaseName(target)] ?? null,
    diskBytes: await diskBytes(target),
  };
  try {
    const url = server.url;
    extra.rssIdleMb = server.rssMb();
    // PostgreSQL's own processes do the database's work: not "other" load.
    const alsoOurs = target.databaseUrl ? 'postgres' : undefined;
    o.log(`App started: ${extra.rssIdleMb} MB resident before any load`);
    // Tokens of users spread over the whole id range.
    const k = Math.min(o.tokens, target.users);
    const tokens: string[] = [];
    for (let i = 0; i < k; i++) {
      const n = 1 + Math.floor((i * target.users) / k);
      const r = await login(url, `user${n}`, nextIp());
      if (!r.token) throw new Error(`Could not log in as user${n}: ${r.status}`);
      tokens.push(r.token);
    }
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    /** One path, each logged-in user in turn. */
    const asEveryone = (p: string) => tokens.map((t) => ({ path: p, headers: auth(t) }));

    const scenario = async (id: string, name: string, spec: Omit<LoadSpec, 'duration' | 'url' | 'pid' | 'connections'> & { connections?: number }, probe?: { text: string; count: number }) => {
      o.log(`Running: ${name}…`);
      const result = await load({ url, pid: server.pid, alsoOurs, connections: spec.connections ?? o.connections, ...spec });
      const s: ScenarioResult = {
        id,
        name,
        connections: spec.connections ?? o.connections,
        ratio: ceiling.rps > 0 ? result.rps / ceiling.rps : null,
        ...result,
        ...(probe ? { items: probe.text, itemCount: probe.count } : {}),
      };
      scenarios.push(s);
      return s;
    };

    // Feed, first page.
    const first = await getJson(`${url}${FEED_FIRST_PAGE}`, tokens[0]!);
    const feedPage = Array.isArray(first.body) ? first.body.length : 0;
    if (first.status !== 200) throw new Error(`GET /api/query_feed answered ${first.status}: ${JSON.stringify(first.body)}`);
    await scenario('feed', 'feed, first page', { requests: asEveryone(FEED_FIRST_PAGE) }, { text: `${feedPage} pins`, count: feedPage });

    extra.feedPageSize = feedPage;
    if (o.scenarios !== 'writes') extra.feedDeepMinDepth = await readScenarios();
    if (o.scenarios === 'all') await otherScenarios();
    await writeScenarios();

    /** The read path of issue 13: deep pages, the map, fresh reads after a write. Answers the depth reached. */
  async function readScenarios(): Promise<number> {
    // What sending that many bytes costs a bare Fastify: the ceiling for an answer of this size.
    const pageBytes = Buffer.byteLength(JSON.stringify(first.body));
    const bytesServer = await startNodeServer(
      path.join(ROOT, 'scripts', 'lib', 'hello-server.ts'),
      { PORT: String(await freePort()), HOST: '127.0.0.1', WORKERS: String(o.workers) },
      { cwd: ROOT, readyPath: '/' },
    );
    if (o.workers > 1) await new Promise((r) => setTimeout(r, 2000));
    try {
      const bytesLoad = await load({ url: bytesServer.url, connections: o.connections, requests: [{ path: `/bytes/${pageBytes}` }], pid: bytesServer.pid });
      scenarios.push({
        id: 'hello-page-bytes',
        name: `bare Fastify sending ${(pageBytes / 1024).toFixed(1)} KB held ready`,
        connections: o.connections,
        ratio: ceiling.rps > 0 ? bytesLoad.rps / ceiling.rps : null,
        ...bytesLoad,
      });
    } finally {
      await bytesServer.stop();
    }

    // Feed, 50 pages deep: each user's own cursor, found by following the Link headers.
    const deep: Array<{ token: string; path: string; depth: number }> = [];
    for (const token of tokens) {
      let next: string | null = FEED_FIRST_PAGE;
      let depth = 1;
      let last = next;
      while (next && depth < 50) {
        const page = await getJson(url + next, token);
        const match: RegExpExecArray | null = page.link ? /<([^>]+)>;\s*rel="next"/.exec(page.link) : null;
        if (!match) break;
        last = match[1]!;
        next = last;
        depth++;
      }
      deep.push({ token, path: last, depth });
    }
    const minDepth = Math.min(...deep.map((d) => d.depth));
    await scenario(
      'feed-deep',
      'feed, 50 pages deep',
      { requests: deep.map((d) => ({ path: d.path, headers: auth(d.token) })) },
      { text: `page ${minDepth}${minDepth < 50 ? ' (all there is)' : ''}`, count: minDepth },
    );
    // A page once read is held (docs/decisions/080-read-cache.md), so the scenario above asks
    // held pages after its first round. Pages at cursors nobody asked before, at random depths
    // between the first page and the 50th, each read from the database: the cost of going deep.
    const newest = /<[^>]*before=([0-9a-f-]+)>/.exec(first.link ?? '')?.[1];
    const oldest = deep.map((d) => /before=([0-9a-f-]+)/.exec(d.path)?.[1]).filter((c): c is string => !!c).sort()[0];
    if (newest && oldest && oldest < newest) {
      const unseenPath = () => `/api/query_feed?limit=20&before=${cursorBetween(oldest, newest)}`;
      const unseen = tokens.map((t) => ({ path: unseenPath(), freshPath: unseenPath, headers: auth(t) }));
      await scenario('feed-unseen', 'feed, a page nobody asked before (random depth ≤ 50)', { requests: unseen }, { text: '20 pins', count: 20 });
    }

    // Map at a city viewport (zoom 13) where the seed put the most memories, panned a little.
    const city = biggestCity();
    const cityPaths = Array.from({ length: 8 }, (_, i) => {
      const angle = (i / 8) * 2 * Math.PI;
      const lat = city.lat + 0.02 * Math.sin(angle);
      const lng = city.lng + 0.02 * Math.cos(angle);
      return `/api/query_map_pins?bbox=${viewportBbox(lat, lng, 13, vw, vh)}&zoom=13`;
    });
    const cityProbe = await getJson(url + cityPaths[0], tokens[0]!);
    if (cityProbe.status !== 200) throw new Error(`GET /api/query_map_pins answered ${cityProbe.status}: ${JSON.stringify(cityProbe.body)}`);
    await scenario(
      'map-city',
      `map, city viewport (${city.name}, zoom 13, ${o.viewport})`,
      { requests: tokens.map((t, i) => ({ path: cityPaths[i % cityPaths.length]!, headers: auth(t) })) },
      describeMap(cityProbe.body),
    );

    // Map at a world viewport (zoom 2).
    const worldPath = '/api/query_map_pins?bbox=-180,-85.0511,180,85.0511&zoom=2';
    const worldProbe = await getJson(url + worldPath, tokens[0]!);
    await scenario('map-world', 'map, world viewport (zoom 2)', { requests: asEveryone(worldPath) }, describeMap(worldProbe.body));

    // Fresh reads after a write: on this server, and across two sharing the database and Redis.
    const viewers = await freshnessViewers(url, tokens[0]!, target.users);
    o.log('Checking: fresh reads after a write on one server…');
    extra.freshOne = await checkFreshness(url, url, viewers.author, viewers.friend, viewers.stranger);
    if (o.redisUrl) {
      o.log('Checking: fresh reads across two servers…');
      const secondPort = await freePort();
      const second = await startNodeServer(entry, { ...env, PORT: String(secondPort), WORKERS: '1' }, { cwd: ROOT, readyPath: '/api/health', timeoutMs: 120_000 });
      try {
        const there = await checkFreshness(url, second.url, viewers.author, viewers.friend, viewers.stranger);
        const back = await checkFreshness(second.url, url, viewers.author, viewers.friend, viewers.stranger);
        extra.freshTwo = { checks: there.checks + back.checks, failures: [...there.failures, ...back.failures] } satisfies FreshnessResult;
      } finally {
        await second.stop();
      }
    }
    return minDepth;
  }


    /**
     * Issue 25, reads while people write. `writeViewers` users spread over the id range read their
     * feed's first page: alone, then with 1 request in 20 a create by one of them (JSON, no photo;
     * private, friends-only and public in turn), then creates alone. Fresh reads are checked while
     * the mixed load runs, on this server and (with Redis) across a second one. The memories made
     * are deleted afterwards, so later runs find the data set they seeded.
     */
  async function writeScenarios(): Promise<void> {
    const viewers = await loginMany(url, target.users, o.writeViewers);
    const n = viewers.length;
    const feedAll = viewers.map((t) => ({ path: FEED_FIRST_PAGE, headers: auth(t) }));
    await scenario('feed-200', `feed, first page, ${n} viewers`, { requests: feedAll, shared: true });

    // Every viewer creates each visibility in turn over the list; the reads cycle through everyone.
    const create = (token: string, k: number) => ({
      path: '/api/create',
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify(writeBody(k)),
    });
    const mixed: LoadSpec['requests'] = [];
    for (let i = 0; i < n * WRITE_EVERY * 3; i++) {
      const k = Math.floor(i / WRITE_EVERY);
      mixed.push(i % WRITE_EVERY === WRITE_EVERY - 1 ? create(viewers[k % n]!, k + Math.floor(k / n)) : feedAll[i % n]!);
    }
    // The freshness check runs while the load does (after its warm-up), through other viewers.
    const fv = await freshnessViewers(url, tokens[0]!, target.users);
    const second = o.redisUrl
      ? await startNodeServer(entry, { ...env, PORT: String(await freePort()), WORKERS: '1' }, { cwd: ROOT, readyPath: '/api/health', timeoutMs: 120_000 })
      : undefined;
    try {
      const check = (async () => {
        await new Promise((r) => setTimeout(r, (o.warmup + Math.min(1, o.duration / 3)) * 1000));
        const one = await checkFreshness(url, url, fv.author, fv.friend, fv.stranger, true);
        const two = second
          ? [await checkFreshness(url, second.url, fv.author, fv.friend, fv.stranger, true), await checkFreshness(second.url, url, fv.author, fv.friend, fv.stranger, true)]
          : [];
        return { one, two };
      })();
      await scenario('mixed', `feed, ${n} viewers, 1 request in ${WRITE_EVERY} a create (private, friends, public)`, { requests: mixed, shared: true });
      const { one, two } = await check;
      extra.freshMixedOne = one;
      if (two.length > 0) extra.freshMixedTwo = { checks: two[0]!.checks + two[1]!.checks, failures: [...two[0]!.failures, ...two[1]!.failures] } satisfies FreshnessResult;
    } finally {
      await second?.stop();
    }

    // The feed while people react (docs/decisions/120-conversation.md), beside the create mix: the
    // same viewers, 1 request in 20 a reaction to a public memory of the first page, switching
    // between two emojis so each one changes something. A reaction raises no read-cache counter,
    // so this row should stay near the plain feed row; the counts are read beside the held page.
    const onPage = (Array.isArray(first.body) ? (first.body as Array<{ id: string; visibility: string }>) : []).filter((p) => p.visibility === '3').map((p) => p.id);
    if (onPage.length > 0) {
      const react = (token: string, k: number) => ({
        path: `/api/pins/${onPage[k % onPage.length]}/reaction`,
        method: 'PUT',
        headers: { ...auth(token), 'content-type': 'application/json' },
        body: JSON.stringify({ emoji: k % 2 === 0 ? '❤️' : '🔥' }),
      });
      const reacting: LoadSpec['requests'] = [];
      for (let i = 0; i < n * WRITE_EVERY * 2; i++) {
        const k = Math.floor(i / WRITE_EVERY);
        reacting.push(i % WRITE_EVERY === WRITE_EVERY - 1 ? react(viewers[k % n]!, k) : feedAll[i % n]!);
      }
      const row = await scenario('feed-reacting', `feed, ${n} viewers, 1 request in ${WRITE_EVERY} a reaction`, { requests: reacting, shared: true });
      row.notes = `${row.non2xx} answers other than 2xx (reactions past their per-user limit of 60 a minute answer 429)`;
    }

    // The map under the same mixed load: the reads are a city viewport (panned a little) or the
    // world, 1 request in 20 still a create.
    const city = biggestCity();
    const cityPath = (i: number) => {
      const angle = ((i % 8) / 8) * 2 * Math.PI;
      return `/api/query_map_pins?bbox=${viewportBbox(city.lat + 0.02 * Math.sin(angle), city.lng + 0.02 * Math.cos(angle), 13, vw, vh)}&zoom=13`;
    };
    const worldPath = '/api/query_map_pins?bbox=-180,-85.0511,180,85.0511&zoom=2';
    for (const [id, name, pathOf] of [
      ['mixed-map-city', 'map city (zoom 13)', cityPath],
      ['mixed-map-world', 'map world (zoom 2)', () => worldPath],
    ] as const) {
      const mixedMap: LoadSpec['requests'] = [];
      for (let i = 0; i < n * WRITE_EVERY * 2; i++) {
        const k = Math.floor(i / WRITE_EVERY);
        mixedMap.push(i % WRITE_EVERY === WRITE_EVERY - 1 ? create(viewers[k % n]!, k + 7 * n) : { path: pathOf(i), headers: auth(viewers[i % n]!) });
      }
      await scenario(id, `${name}, ${n} viewers, 1 request in ${WRITE_EVERY} a create`, { requests: mixedMap, shared: true });
    }

    // Creates alone, and beside them (same time, apart connections) first feed pages: what a
    // burst of writes does to the readers.
    const creates = viewers.map((t, i) => create(t, i + 11 * n));
    const readers = Math.max(1, Math.floor(o.connections / 4));
    o.log(`Running: creates alone (JSON, no photo), ${n} users, with ${readers} connections reading beside them…`);
    const burstSpec = { url, pid: server.pid, alsoOurs, shared: true };
    if (o.warmup > 0) await runLoad({ ...burstSpec, connections: o.connections, duration: o.warmup, requests: creates, pid: undefined });
    const [alone, during] = await Promise.all([
      runLoad({ ...burstSpec, connections: o.connections, duration: o.duration, amount: o.amount, requests: creates }),
      runLoad({ ...burstSpec, connections: readers, duration: o.duration, amount: o.amount, requests: feedAll }),
    ]);
    const ratioOf = (rps: number) => (ceiling.rps > 0 ? rps / ceiling.rps : null);
    scenarios.push({ id: 'creates', name: `creates alone (JSON, no photo), ${n} users`, connections: o.connections, ratio: ratioOf(alone.rps), ...alone, notes: `${alone.rps.toFixed(0)} creates/s` });
    scenarios.push({ id: 'reads-during-creates', name: `feed first page during the creates, ${readers} connections`, connections: readers, ratio: ratioOf(during.rps), ...during });
    extra.writesDeleted = await deleteBenchWrites(target);
  }

    /** Friends, search, a create with a photo, and the feed while logins run (earlier issues' targets). */
  async function otherScenarios(): Promise<void> {
    const city = biggestCity();
    // Friends list.
    const friendsProbe = await getJson(`${url}/api/query_friends`, tokens[0]!);
    const friendCount = Array.isArray(friendsProbe.body) ? friendsProbe.body.length : 0;
    await scenario('friends', 'friends list', { requests: asEveryone('/api/query_friends') }, { text: `${friendCount} friends`, count: friendCount });

    // Search (first page of 20): the place with the most memories, a word and that place, and words
    // of the seed's small vocabulary (each in a tenth of all memories or more: the hardest case,
    // as every match is ranked).
    const searches = [city.name, `coffee ${city.name}`, 'museum day', 'ducks'].map((q) => `/api/search?${new URLSearchParams({ q, limit: '20' })}`);
    const searchProbe = await getJson(url + searches[0], tokens[0]!);
    if (searchProbe.status !== 200) throw new Error(`GET /api/search answered ${searchProbe.status}: ${JSON.stringify(searchProbe.body)}`);
    const searchHits = Array.isArray(searchProbe.body) ? searchProbe.body.length : 0;
    await scenario(
      'search',
      `search ("${city.name}", "coffee ${city.name}", "museum day", "ducks"; first page)`,
      { requests: tokens.map((t, i) => ({ path: searches[i % searches.length]!, headers: auth(t) })) },
      { text: `${searchHits} pins for "${city.name}"`, count: searchHits },
    );

    // Create a memory with the photo.
    const form = multipartBody(
      {
        title: 'Bench photo',
        description: 'A memory made by npm run bench.',
        latitude: '10.5',
        longitude: '-30.25',
        visibility: '3',
        locationName: 'Atlantic Ocean',
      },
      { name: 'image', filename: 'photo.jpg', type: 'image/jpeg', data: photo },
    );
    const create = await scenario('create', `create a memory with a ${mp} MP JPEG`, {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': form.contentType },
      connections: o.createConnections,
      requests: asEveryone('/api/create'),
    });
    create.notes = `sharp's bare resize of the same photo: median ${median(bareResize).toFixed(0)} ms`;

    // Feed while logins run at 10 per second.
    o.log('Running: feed while logins run at 10/s…');
    const logins: Array<Promise<{ status: number; ms: number }>> = [];
    let loginUser = 0;
    const timer = setInterval(() => {
      loginUser = (loginUser % target.users) + 1;
      logins.push(login(url, `user${loginUser}`, nextIp()).catch(() => ({ status: 0, ms: 0 })));
    }, 100);
    let underLogins;
    try {
      underLogins = await runLoad({ url, pid: server.pid, alsoOurs, connections: o.connections, duration: o.duration, amount: o.amount, requests: asEveryone(FEED_FIRST_PAGE) });
    } finally {
      clearInterval(timer);
    }
    const loginResults = await Promise.all(logins);
    const loginOk = loginResults.filter((r) => r.status === 200).length;
    scenarios.push({
      id: 'feed-logins',
      name: 'feed while logins run at 10/s',
      connections: o.connections,
      ratio: ceiling.rps > 0 ? underLogins.rps / ceiling.rps : null,
      ...underLogins,
      items: `${loginOk}/${loginResults.length} logins ok`,
      itemCount: loginOk,
      notes: `login median ${median(loginResults.map((r) => r.ms)).toFixed(0)} ms`,
    });
    extra.logins = { sent: loginResults.length, ok: loginOk, medianMs: median(loginResults.map((r) => r.ms)) };
    }
  } catch (err) {
    const tail = server.stderr().trim();
    if (tail) o.log(`Server said:\n${tail.slice(-4000)}`);
    throw err;
  } finally {
    await server.stop();
  }

  const run: BenchRun = {
    label: `${target.dialect}-u${target.users}-m${target.memories}${o.workers > 1 ? `-w${o.workers}` : ''}`,
    at: new Date().toISOString(),
    dialect: target.dialect,
    users: target.users,
    memories: target.memories,
    friendsPerUser: o.friends,
    connections: o.connections,
    workers: o.workers,
    durationSeconds: o.duration,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 1e9),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    notes: [
      `Load average (1 min) before the run: ${loadBefore.toFixed(2)}, after: ${os.loadavg()[0]!.toFixed(2)} — other work on the machine lowers every figure.`,
      ...(o.workers > 1 ? [`App served by ${o.workers} processes (node:cluster); RSS is the sum over all of them.`] : []),
      `autocannon runs in the bench process on the same ${os.cpus().length}-core machine as the server: they compete for the CPUs.`,
      `Server started as npm start serves it (MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node ${SERVE_NODE_FLAGS.join(' ')} server/dist/main.js), LOG_LEVEL=${o.logLevel}, TRUST_PROXY=true (logins from varied X-Forwarded-For).`,
    ],
    ceiling,
    scenarios,
    extra,
    targets: [],
  };
  run.targets = checkTargets(run);

  o.log('');
  o.log(`${run.label}: ${target.users} users, ${target.memories} memories, ${o.connections} connections, ${o.duration} s per scenario`);
  o.log(scenarioTable(run));
  o.log('');
  o.log(targetTable(run.targets));
  const results = saveRun(o.out, run);
  const growth = results.growth[`${run.dialect}-u${run.users}`];
  // In a run of several configurations the summary compares the sizes of this run instead.
  if (growth && o.printGrowth) {
    o.log('');
    o.log(growthTable(growth));
  }
  o.log(`\nWritten to ${path.relative(process.cwd(), o.out) || o.out}`);
  return run;
}

function checkTargets(run: BenchRun): TargetCheck[] {
  const s = (id: string) => run.scenarios.find((x) => x.id === id);
  const checks: TargetCheck[] = [];
  const feed = s('feed');
  const deep = s('feed-deep');
  const city = s('map-city');
  const world = s('map-world');
  const create = s('create');
  const logins = s('feed-logins');
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  if (feed) {
    checks.push({ target: 'feed first page: throughput vs bare Fastify', goal: '≥ 25%', value: `${((feed.ratio ?? 0) * 100).toFixed(1)}%`, met: (feed.ratio ?? 0) >= 0.25 });
    checks.push({ target: 'feed first page: p99', goal: '≤ 30 ms', value: ms(feed.p99), met: feed.p99 <= 30 });
  }
  if (feed && deep) {
    checks.push({ target: 'feed 50 pages deep: p99 vs first page', goal: '≤ 1.3×', value: `${(Math.max(deep.p99, 1) / Math.max(feed.p99, 1)).toFixed(2)}×`, met: Math.max(deep.p99, 1) <= 1.3 * Math.max(feed.p99, 1) });
  }
  const unseen = s('feed-unseen');
  if (feed && unseen) {
    // Not a target of issue 13: what a page costs the first time it is asked (from the database).
    checks.push({ target: 'feed page nobody asked before: p99 vs first page', goal: 'reported', value: `${ms(unseen.p99)} = ${(Math.max(unseen.p99, 1) / Math.max(feed.p99, 1)).toFixed(2)}×`, met: null });
  }
  const pageBytes = s('hello-page-bytes');
  if (feed && pageBytes) {
    // Not a target either: how close the feed comes to sending its bytes and nothing else.
    checks.push({ target: 'feed first page vs bare Fastify sending its bytes', goal: 'reported', value: `${((feed.rps / Math.max(pageBytes.rps, 1)) * 100).toFixed(0)}%`, met: null });
  }
  if (city) {
    checks.push({ target: 'map city viewport: items', goal: '≤ 300', value: String(city.itemCount ?? '?'), met: (city.itemCount ?? 0) <= 300 });
    checks.push({ target: 'map city viewport: p99', goal: '≤ 50 ms', value: ms(city.p99), met: city.p99 <= 50 });
  }
  if (world) {
    checks.push({ target: 'map world viewport: clusters', goal: '≤ 500', value: String(world.itemCount ?? '?'), met: (world.itemCount ?? 0) <= 500 });
    checks.push({ target: 'map world viewport: p99', goal: '≤ 50 ms', value: ms(world.p99), met: world.p99 <= 50 });
  }
  if (create) {
    const bare = (run.extra.bareResizeMs as { median: number }).median;
    checks.push({
      target: 'create with photo: median vs sharp bare resize',
      goal: '≤ 1.5×',
      value: create.requests > 0 ? `${create.p50.toFixed(0)} ms vs ${bare.toFixed(0)} ms = ${(create.p50 / bare).toFixed(2)}×` : `no answer within ${run.durationSeconds} s`,
      met: create.requests > 0 && create.p50 <= 1.5 * bare,
    });
  }
  if (feed && logins) {
    checks.push({ target: 'feed p99 while logins run at 10/s', goal: '≤ 2× feed p99', value: `${ms(logins.p99)} = ${(Math.max(logins.p99, 1) / Math.max(feed.p99, 1)).toFixed(2)}×`, met: Math.max(logins.p99, 1) <= 2 * Math.max(feed.p99, 1) });
  }
  // Issue 25: reads while people write.
  const feed200 = s('feed-200');
  const mixed = s('mixed');
  const creates = s('creates');
  const pct = (r: number | null) => `${((r ?? 0) * 100).toFixed(1)}%`;
  if (feed200) checks.push({ target: `feed first page, ${feed200.name.split(', ').at(-1)}: vs bare Fastify, p99`, goal: 'reported', value: `${pct(feed200.ratio)}, ${ms(feed200.p99)}`, met: null });
  if (mixed) {
    checks.push({ target: 'mixed load (1 in 20 a create): vs bare Fastify', goal: '≥ 20%', value: pct(mixed.ratio), met: (mixed.ratio ?? 0) >= 0.2 });
    checks.push({ target: 'mixed load (1 in 20 a create): p99', goal: '≤ 30 ms', value: ms(mixed.p99), met: mixed.p99 <= 30 });
  }
  // A scenario in which no answer came back has no p99 to meet (autocannon reports 0).
  const p99 = (x: ScenarioResult) => (x.requests > 0 ? ms(x.p99) : 'no answer');
  const p99Met = (x: ScenarioResult, goal: number) => x.requests > 0 && x.p99 <= goal;
  if (creates) {
    checks.push({ target: 'creates alone: per second', goal: '≥ 2000/s', value: `${creates.rps.toFixed(0)}/s`, met: creates.rps >= 2000 });
    checks.push({ target: 'creates alone: p99', goal: '≤ 50 ms', value: p99(creates), met: p99Met(creates, 50) });
  }
  const during = s('reads-during-creates');
  if (during) checks.push({ target: 'feed first page during a create burst: p99', goal: '≤ 30 ms', value: p99(during), met: p99Met(during, 30) });
  for (const [id, what] of [['mixed-map-city', 'map city'], ['mixed-map-world', 'map world']] as const) {
    const m = s(id);
    if (m) checks.push({ target: `${what} under the mixed load: p99`, goal: '≤ 50 ms', value: p99(m), met: p99Met(m, 50) });
  }
  if (run.extra.diskBytes !== undefined) {
    const seconds = run.extra.seedSeconds as number | null;
    const gb = ((run.extra.diskBytes as number) / 1e9).toFixed(2);
    checks.push({ target: 'database: seed time, size on disk', goal: 'reported', value: `${seconds === null ? 'seeded elsewhere' : `${seconds.toFixed(0)} s`}, ${gb} GB`, met: null });
  }
  const rss = Math.max(...run.scenarios.map((x) => x.rssMaxProcessMb ?? x.rssMaxMb ?? 0));
  checks.push({ target: 'RSS under load, per worker', goal: '≤ 400 MB', value: `${rss} MB`, met: rss > 0 ? rss <= 400 : null });
  const fresh = (key: string, target: string) => {
    const f = run.extra[key] as FreshnessResult | undefined;
    if (!f) return checks.push({ target, goal: 'all', value: 'not run (needs Redis)', met: null });
    const value = `${f.checks - f.failures.length}/${f.checks} fresh${f.failures.length ? `; ${f.failures.slice(0, 2).join('; ')}` : ''}`;
    return checks.push({ target, goal: 'all', value, met: f.failures.length === 0 });
  };
  // The quiet check runs with the read scenarios (not in --scenarios writes).
  if (deep) {
    fresh('freshOne', 'reads right after a create, one server');
    fresh('freshTwo', 'reads right after a create, across two servers');
  }
  if (mixed) {
    fresh('freshMixedOne', 'reads right after a create under the mixed load, one server');
    fresh('freshMixedTwo', 'reads right after a create under the mixed load, across two servers');
  }
  const failures = run.scenarios.reduce((n, x) => n + x.errors + x.non2xx, 0);
  checks.push({ target: 'errors and non-2xx answers', goal: '0', value: String(failures), met: failures === 0 });
  return checks;
}

/** The PostgreSQL database for a size: named for it, on the server of `base`, created when missing. */
async function postgresDatabase(base: string, users: number, memories: number, friends: number, suffix = ''): Promise<string> {
  // A suffix keeps one branch's database (and its migrations) apart from another's on a shared server.
  const name = `mm_bench_u${users}_m${memories}_f${friends}${suffix ? `_${suffix.replace(/[^a-z0-9_]/gi, '').toLowerCase()}` : ''}`;
  const admin = openPostgres(base, { max: 1 });
  try {
    const exists = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(admin.kysely);
    if (!exists.rows[0]?.n) await sql.raw(`create database ${name}`).execute(admin.kysely);
  } finally {
    await admin.close();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** 100000 → "100k", 10000000 → "10M". */
function size(memories: number): string {
  return memories >= 1e6 ? `${memories / 1e6}M` : memories >= 1e3 ? `${memories / 1e3}k` : String(memories);
}

/**
 * Every target of every configuration side by side, then growth between sizes, workers (1 → all),
 * and PostgreSQL against SQLite.
 */
function summary(runs: BenchRun[]): string {
  const cell = (c: TargetCheck | undefined) => (c ? `${c.value.split(';')[0]} ${c.met === null ? '·' : c.met ? '✓' : '✗'}` : '');
  const names = [...new Set(runs.flatMap((r) => r.targets.map((t) => t.target)))];
  const rows = [['target', 'goal', ...runs.map((r) => r.label)]];
  for (const name of names) {
    const goal = runs.flatMap((r) => r.targets).find((t) => t.target === name)?.goal ?? '';
    rows.push([name, goal, ...runs.map((r) => cell(r.targets.find((t) => t.target === name)))]);
  }
  const out = [table(rows)];

  // Every p99 both sizes measured (issue 25: growth ≤ 1.3× on every p99), smaller → larger.
  const growth = [['p99, smaller → larger database (same database, same workers)', 'goal', 'measured', '']];
  for (const large of runs) {
    const small = runs
      .filter((r) => r.dialect === large.dialect && r.workers === large.workers && r.users === large.users && r.memories < large.memories)
      .sort((a, b) => b.memories - a.memories)[0];
    if (!small) continue;
    for (const b of large.scenarios) {
      const a = small.scenarios.find((x) => x.id === b.id);
      if (!a || a.requests === 0 || b.requests === 0 || b.id.startsWith('hello')) continue;
      // Below a millisecond is the timer's resolution: compare from 1 ms up.
      const factor = Math.max(b.p99, 1) / Math.max(a.p99, 1);
      growth.push([`${large.dialect} ${large.workers}w ${b.id}: ${a.p99.toFixed(1)} → ${b.p99.toFixed(1)} ms (${size(small.memories)} → ${size(large.memories)})`, '≤ 1.3×', `${factor.toFixed(2)}×`, factor <= 1.3 ? 'met' : 'MISSED']);
    }
  }
  if (growth.length > 1) out.push(table(growth));

  const scaling = [['feed first page, 1 worker → all (same database and size)', 'req/s 1w', 'req/s all', 'factor']];
  for (const many of runs.filter((r) => r.workers > 1)) {
    const one = runs.find((r) => r.dialect === many.dialect && r.memories === many.memories && r.workers === 1);
    const a = one?.scenarios.find((x) => x.id === 'feed');
    const b = many.scenarios.find((x) => x.id === 'feed');
    if (a && b) scaling.push([`${many.dialect} ${many.memories} memories, ${many.workers} workers`, a.rps.toFixed(0), b.rps.toFixed(0), `${(b.rps / a.rps).toFixed(2)}×`]);
  }
  if (scaling.length > 1) out.push(table(scaling));

  // Issue 25: PostgreSQL + Redis at least half of SQLite's share of bare Fastify, like for like.
  const versus = [['PostgreSQL + Redis vs SQLite (share of bare Fastify)', 'goal', 'PostgreSQL / SQLite', '']];
  for (const pg of runs.filter((r) => r.dialect === 'postgres')) {
    const lite = runs.find((r) => r.dialect === 'sqlite' && r.memories === pg.memories && r.users === pg.users && r.workers === pg.workers);
    if (!lite) continue;
    for (const b of pg.scenarios) {
      const a = lite.scenarios.find((x) => x.id === b.id);
      if (!a || a.ratio === null || b.ratio === null || !a.ratio || b.id.startsWith('hello')) continue;
      const factor = b.ratio / a.ratio;
      versus.push([`${b.id}, ${size(pg.memories)}, ${pg.workers}w: ${(b.ratio * 100).toFixed(1)}% / ${(a.ratio * 100).toFixed(1)}%`, '≥ 0.5×', `${factor.toFixed(2)}×`, factor >= 0.5 ? 'met' : 'MISSED']);
    }
  }
  if (versus.length > 1) out.push(table(versus));
  return out.join('\n\n');
}

async function main() {
  const cores = os.availableParallelism();
  const args = parseArgs(process.argv.slice(2), {
    quick: false,
    dialects: 'sqlite,postgres',
    sizes: '100000,1000000',
    workersList: `1,${cores}`,
    users: DEFAULT_BENCH.users,
    friends: DEFAULT_BENCH.friends,
    connections: DEFAULT_BENCH.connections,
    duration: DEFAULT_BENCH.duration,
    warmup: DEFAULT_BENCH.warmup,
    scenarios: '',
    postgresUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    fresh: false,
    out: DEFAULT_BENCH.out,
    tokens: DEFAULT_BENCH.tokens,
    viewport: DEFAULT_BENCH.viewport,
    photoMp: DEFAULT_BENCH.photoMp,
    createConnections: DEFAULT_BENCH.createConnections,
    logLevel: DEFAULT_BENCH.logLevel,
    waitIdle: DEFAULT_BENCH.waitIdle,
    writeViewers: DEFAULT_BENCH.writeViewers,
    pgSuffix: '',
  });
  if (!/^\d+x\d+$/.test(args.viewport)) throw new Error('--viewport must look like 1280x800');
  const list = (raw: string, what: string) =>
    raw.split(',').map((v) => {
      const n = Number(v.trim().replace(/_/g, '').replace(/k$/i, '000').replace(/m$/i, '000000'));
      if (!Number.isInteger(n) || n < 1) throw new Error(`--${what} must be a comma-separated list of counts`);
      return n;
    });
  const sizes = args.quick && !process.argv.some((a) => a.startsWith('--sizes')) ? [100_000] : list(args.sizes, 'sizes');
  const workersList = [...new Set(list(args.workersList, 'workers-list'))];
  const dialects = args.dialects.split(',').map((d) => d.trim());
  if (!dialects.every((d) => d === 'sqlite' || d === 'postgres')) throw new Error('--dialects takes sqlite and postgres');
  const duration = args.quick && !process.argv.some((a) => a.startsWith('--duration')) ? 3 : args.duration;
  const warmup = args.quick && !process.argv.some((a) => a.startsWith('--warmup')) ? 1 : args.warmup;
  const scenarios = (args.scenarios || (args.quick ? 'hot' : 'all')) as 'all' | 'hot' | 'writes';
  if (scenarios !== 'all' && scenarios !== 'hot' && scenarios !== 'writes') throw new Error('--scenarios is all, hot or writes');

  // The server bundle, built once as `npm start` builds it, so the bench measures what it serves.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  const runs: BenchRun[] = [];
  for (const dialect of dialects) {
    for (const memories of sizes) {
      const databaseUrl = dialect === 'postgres' ? await postgresDatabase(args.postgresUrl, args.users, memories, args.friends, args.pgSuffix) : undefined;
      for (const workers of workersList) {
        console.log(`\n=== ${dialect}${dialect === 'postgres' ? ' + Redis' : ''}, ${memories} memories, ${workers} worker${workers > 1 ? 's' : ''} ===`);
        runs.push(
          await runBench({
            ...args,
            memories,
            workers,
            duration,
            warmup,
            // The slow scenarios of earlier issues once per database and size, with one worker.
            scenarios: scenarios === 'all' ? (workers === workersList[0] ? 'all' : 'hot') : scenarios,
            databaseUrl,
            // PostgreSQL runs with Redis, as its scale-out does; SQLite needs it for more than one worker.
            redisUrl: dialect === 'postgres' || workers > 1 ? args.redisUrl : undefined,
            fresh: args.fresh,
            build: false,
            printGrowth: false,
            dataDir: '',
            out: path.resolve(args.out),
          }),
        );
      }
    }
  }
  if (runs.length > 1) {
    console.log('\n=== Summary: every target of every configuration (✓ met, ✗ missed, · not applicable) ===');
    console.log(summary(runs));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
