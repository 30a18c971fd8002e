/**
 * npx tsx scripts/profile-load.ts -- --data-dir bench/tmp/sqlite-u10000-m1000000-f50
 *   [--database-url URL] [--entry server/dist/main.js] [--scenario creates|mixed|feed]
 *   [--duration 10] [--viewers 200] [--out /tmp/profile]
 *
 * Where one worker's CPU goes under one of the bench's write loads (issue 25): starts the server
 * bundle with `--cpu-prof`, logs in `viewers` users spread over the id range, sends creates alone
 * (JSON, no photo, private / friends-only / public in turn), the mixed load (1 request in 20 a
 * create among first feed pages) or first feed pages alone, stops the server and prints the
 * functions that took the most of its CPU, by self time and by total time (children included),
 * and the server CPU per request. The memories made are deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openPostgres, openSqlite } from '../server/src/db/database.ts';
import { parseArgs } from './lib/args.ts';
import { freePort, startNodeServer, treeJiffies } from './lib/bench-process.ts';
import { runLoad, type LoadSpec } from './lib/load.ts';
import { SEED_PASSWORD } from './lib/seed-core.ts';
import { biggestCity } from './lib/seed-data.ts';
import { sqliteFile } from './seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TITLE = 'Profile write';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

/** Self and total samples per function (name, file, line), the top `n` of each. */
function summarize(file: string, n: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const key = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (const node of profile.nodes) {
    if (node.hitCount === 0) continue;
    all += node.hitCount;
    self.set(key(node), (self.get(key(node)) ?? 0) + node.hitCount);
    // Each function on the stack once, however often it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + node.hitCount);
    }
  }
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((v / all) * 100).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `self time:\n${top(self)}\n\ntotal time (with callees):\n${top(total)}`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    dataDir: '',
    databaseUrl: '',
    entry: path.join(ROOT, 'server', 'dist', 'main.js'),
    scenario: 'creates',
    duration: 10,
    viewers: 200,
    users: 10_000,
    out: '/tmp/profile-load',
    top: 30,
  });
  const outDir = path.resolve(args.out, `${args.scenario}-${randomUUID().slice(0, 6)}`);
  mkdirSync(outDir, { recursive: true });
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.resolve(args.dataDir || path.join(ROOT, 'bench', 'tmp', 'pg-media')),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    NODE_ENV: 'production',
    WORKERS: '1',
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${outDir}`,
  };
  if (args.databaseUrl) env.DATABASE_URL = args.databaseUrl;
  const server = await startNodeServer(path.resolve(args.entry), env, { cwd: ROOT, readyPath: '/api/health', timeoutMs: 120_000 });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < args.viewers; i++) {
      const res = await fetch(`${server.url}/api/profile/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
        body: JSON.stringify({ username: `user${1 + Math.floor((i * args.users) / args.viewers)}`, password: SEED_PASSWORD }),
      });
      const body = (await res.json()) as { token?: string };
      if (!body.token) throw new Error(`login ${i}: ${res.status}`);
      tokens.push(body.token);
    }
    const city = biggestCity();
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    const create = (t: string, k: number) => ({
      path: '/api/create',
      method: 'POST',
      headers: { ...auth(t), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: TITLE,
        description: 'Made by scripts/profile-load.ts.',
        latitude: Number((city.lat + ((k * 37) % 100) / 1000 - 0.05).toFixed(5)),
        longitude: Number((city.lng + ((k * 53) % 100) / 1000 - 0.05).toFixed(5)),
        visibility: String((k % 3) + 1),
        locationName: city.name,
      }),
    });
    const feed = (t: string) => ({ path: '/api/query_feed?limit=20', headers: auth(t) });
    const requests: LoadSpec['requests'] = [];
    if (args.scenario === 'creates') tokens.forEach((t, i) => requests.push(create(t, i)));
    else if (args.scenario === 'feed') tokens.forEach((t) => requests.push(feed(t)));
    else for (let i = 0; i < tokens.length * 60; i++) requests.push(i % 20 === 19 ? create(tokens[Math.floor(i / 20) % tokens.length]!, Math.floor(i / 20)) : feed(tokens[i % tokens.length]!));
    const probe = await fetch(server.url + requests[requests.length - 1]!.path, { method: requests.at(-1)!.method ?? 'GET', headers: requests.at(-1)!.headers, body: requests.at(-1)!.body });
    if (!probe.ok) throw new Error(`${requests.at(-1)!.path} answered ${probe.status}: ${await probe.text()}`);
    const before = treeJiffies(server.pid).get(server.pid) ?? 0;
    const load = await runLoad({ url: server.url, connections: 32, duration: args.duration, requests, shared: true, pid: server.pid });
    const cpuMs = (((treeJiffies(server.pid).get(server.pid) ?? 0) - before) * 1000) / 100;
    console.log(`${args.scenario}: ${load.rps.toFixed(0)} req/s, p99 ${load.p99} ms, non-2xx ${load.non2xx}, errors ${load.errors}; server CPU ${(cpuMs / Math.max(1, load.requests)).toFixed(2)} ms per request; other CPU ${((load.otherCpu ?? 0) * 100).toFixed(0)}%`);
  } finally {
    await server.stop();
    const db = args.databaseUrl ? openPostgres(args.databaseUrl, { max: 1 }) : openSqlite(sqliteFile(path.resolve(args.dataDir)));
    await db.kysely.deleteFrom('pins').where('title', '=', TITLE).execute();
    await db.close();
  }
  const file = readdirSync(outDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${outDir}`);
  console.log(`${path.join(outDir, file)}\n${summarize(path.join(outDir, file), args.top)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
