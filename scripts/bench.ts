/**
 * npm run bench -- [--users 10000] [--memories 1000000] [--friends 50] [--connections 32]
 *   [--duration 10] [--warmup 2] [--data-dir DIR] [--fresh] [--out bench/results.json]
 *
 * Seeds a database (cached in bench/tmp per size; or DATA_DIR given with --data-dir; or the
 * PostgreSQL database in DATABASE_URL), starts the app as `npm start` serves it, measures a bare
 * Fastify "hello world" as the ceiling, then loads each scenario over loopback with autocannon.
 * Prints a table and the issue's targets, and merges the run into bench/results.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { openPostgres, openSqlite } from '../server/src/db/database.ts';
import { latOfY, lngOfX, mercatorX, mercatorY } from '../server/src/modules/map-cells/map-grid.ts';
import { parseArgs } from './lib/args.ts';
import { freePort, startNodeServer, waitForIdle, type ServerProcess } from './lib/bench-process.ts';
import {
  growthTable,
  saveRun,
  scenarioTable,
  targetTable,
  type BenchRun,
  type ScenarioResult,
  type TargetCheck,
} from './lib/bench-report.ts';
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
  /** App processes (node:cluster) — 1 is how npm start serves it. */
  workers: number;
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
};

interface Target {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  users: number;
  memories: number;
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
  return { dialect: 'sqlite', dataDir, users: o.users, memories: o.memories };
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

export async function runBench(options: Partial<BenchOptions> = {}): Promise<BenchRun> {
  const o: BenchOptions = { ...DEFAULT_BENCH, log: (l) => console.log(l), ...options };
  const target = await prepareDatabase(o);
  // After seeding (which keeps the CPUs busy itself), before anything is measured.
  if (o.waitIdle > 0) await waitForIdle(o.waitIdle, o.log);
  const loadBefore = os.loadavg()[0]!;
  if (loadBefore > 0.5) o.log(`Note: the machine is already busy (load average ${loadBefore.toFixed(2)}); figures will be lower than on an idle machine`);
  const [vw, vh] = o.viewport.split('x').map(Number) as [number, number];

  // The photo and sharp's bare resize of it, measured before any server runs.
  const mp = o.photoMp;
  const width = Math.round(Math.sqrt((mp * 1e6 * 4) / 3));
  const photo = await makePhoto(width, Math.round((width * 3) / 4));
  const resizeRuns = o.duration >= 5 ? 9 : 3;
  const bareResize = await timeRuns(resizeRuns, () =>
    sharp(photo).resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true }).toBuffer(),
  );
  const bareResizeWebp = await timeRuns(resizeRuns, () =>
    sharp(photo).resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true }).webp().toBuffer(),
  );
  o.log(`Photo: ${width}×${Math.round((width * 3) / 4)} JPEG, ${(photo.length / 1e6).toFixed(1)} MB; sharp's bare resize to 2048 px: median ${median(bareResize).toFixed(0)} ms (to WebP: ${median(bareResizeWebp).toFixed(0)} ms)`);

  const load = async (spec: Omit<LoadSpec, 'duration'>): Promise<ReturnType<typeof runLoad>> => {
    if (o.warmup > 0) await runLoad({ ...spec, duration: o.warmup, pid: undefined });
    return runLoad({ ...spec, duration: o.duration });
  };

  // The ceiling.
  const helloPort = await freePort();
  const hello = await startNodeServer(path.join(ROOT, 'scripts', 'lib', 'hello-server.ts'), { PORT: String(helloPort), HOST: '127.0.0.1' }, { cwd: ROOT, readyPath: '/' });
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
  if (o.workers > 1) env.WORKERS = String(o.workers);
  // The server bundle, built now as `npm start` builds it, so the bench measures what it serves.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  const entry = o.workers > 1 ? path.join(ROOT, 'scripts', 'lib', 'cluster-server.ts') : path.join(ROOT, 'server', 'dist', 'main.js');
  const server: ServerProcess = await startNodeServer(entry, env, {
    cwd: ROOT,
    readyPath: '/api/health',
    timeoutMs: 120_000,
  });
  const scenarios: ScenarioResult[] = [];
  const extra: Record<string, unknown> = {
    bareResizeMs: { median: median(bareResize), runs: bareResize },
    bareResizeWebpMs: { median: median(bareResizeWebp), runs: bareResizeWebp },
    photoBytes: photo.length,
    photoMegapixels: mp,
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
      underLogins = await runLoad({ url, pid: server.pid, alsoOurs, connections: o.connections, duration: o.duration, requests: asEveryone(FEED_FIRST_PAGE) });
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
    extra.feedPageSize = feedPage;
    extra.feedDeepMinDepth = minDepth;
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
      `Server started as npm start serves it (MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --enable-source-maps server/dist/main.js), LOG_LEVEL=${o.logLevel}, TRUST_PROXY=true (logins from varied X-Forwarded-For).`,
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
  if (growth) {
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
  if (city) {
    checks.push({ target: 'map city viewport: items', goal: '≤ 300', value: String(city.itemCount ?? '?'), met: (city.itemCount ?? 0) <= 300 });
    checks.push({ target: 'map city viewport: p99', goal: '≤ 50 ms', value: ms(city.p99), met: city.p99 <= 50 });
  }
  if (world) {
    checks.push({ target: 'map world viewport: clusters', goal: '≤ 500', value: String(world.itemCount ?? '?'), met: (world.itemCount ?? 0) <= 500 });
    checks.push({ target: 'map world viewport: p99', goal: '≤ 150 ms', value: ms(world.p99), met: world.p99 <= 150 });
  }
  if (create) {
    const bare = (run.extra.bareResizeMs as { median: number }).median;
    checks.push({
      target: 'create with photo: median vs sharp bare resize',
      goal: '≤ 1.5×',
      value: `${create.p50.toFixed(0)} ms vs ${bare.toFixed(0)} ms = ${(create.p50 / bare).toFixed(2)}×`,
      met: create.requests > 0 && create.p50 <= 1.5 * bare,
    });
  }
  if (feed && logins) {
    checks.push({ target: 'feed p99 while logins run at 10/s', goal: '≤ 2× feed p99', value: `${ms(logins.p99)} = ${(Math.max(logins.p99, 1) / Math.max(feed.p99, 1)).toFixed(2)}×`, met: Math.max(logins.p99, 1) <= 2 * Math.max(feed.p99, 1) });
  }
  const rss = Math.max(...run.scenarios.map((x) => x.rssMaxMb ?? 0));
  checks.push({ target: 'server RSS under load', goal: '≤ 400 MB', value: `${rss} MB`, met: rss > 0 ? rss <= 400 : null });
  const failures = run.scenarios.reduce((n, x) => n + x.errors + x.non2xx, 0);
  checks.push({ target: 'errors and non-2xx answers', goal: '0', value: String(failures), met: failures === 0 });
  return checks;
}

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    users: DEFAULT_BENCH.users,
    memories: DEFAULT_BENCH.memories,
    friends: DEFAULT_BENCH.friends,
    connections: DEFAULT_BENCH.connections,
    duration: DEFAULT_BENCH.duration,
    warmup: DEFAULT_BENCH.warmup,
    dataDir: '',
    fresh: false,
    out: DEFAULT_BENCH.out,
    tokens: DEFAULT_BENCH.tokens,
    viewport: DEFAULT_BENCH.viewport,
    photoMp: DEFAULT_BENCH.photoMp,
    createConnections: DEFAULT_BENCH.createConnections,
    logLevel: DEFAULT_BENCH.logLevel,
    workers: DEFAULT_BENCH.workers,
    waitIdle: DEFAULT_BENCH.waitIdle,
  });
  if (!/^\d+x\d+$/.test(args.viewport)) throw new Error('--viewport must look like 1280x800');
  await runBench({ ...args, databaseUrl: process.env.DATABASE_URL, out: path.resolve(args.out) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
