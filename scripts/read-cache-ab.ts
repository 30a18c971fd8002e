/**
 * npm run bench's database, two servers at once — READ_CACHE=on and off — loaded in turn, a few
 * rounds each, so a busy shared machine slows both alike: the read cache's effect as a ratio.
 *   node --import tsx scripts/read-cache-ab.ts [--data-dir bench/tmp/sqlite-u10000-m100000-f50] [--rounds 3] [--duration 3]
 */
import path from 'node:path';
import { parseArgs } from './lib/args.ts';
import { freePort, startNodeServer } from './lib/bench-process.ts';
import { runLoad } from './lib/load.ts';
import { SEED_PASSWORD } from './lib/seed-core.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2), { dataDir: 'bench/tmp/sqlite-u10000-m100000-f50', rounds: 3, duration: 3, connections: 32, tokens: 16 });

async function start(cache: 'on' | 'off') {
  const port = await freePort();
  return startNodeServer(
    path.join(ROOT, 'server', 'dist', 'main.js'),
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.resolve(args.dataDir), LOG_LEVEL: 'warn', TRUST_PROXY: 'true', NODE_ENV: 'production', READ_CACHE: cache },
    { cwd: ROOT, readyPath: '/api/health', timeoutMs: 120_000 },
  );
}

const on = await start('on');
const off = await start('off');
try {
  const tokens: string[] = [];
  for (let i = 0; i < args.tokens; i++) {
    const n = 1 + Math.floor((i * 10_000) / args.tokens);
    const res = await fetch(`${on.url}/api/profile/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i}.1` },
      body: JSON.stringify({ username: `user${n}`, password: SEED_PASSWORD }),
    });
    tokens.push(((await res.json()) as { token: string }).token);
  }
  const scenarios = {
    'feed, first page': '/api/query_feed?limit=20',
    'map, world (zoom 2)': '/api/query_map_pins?bbox=-180,-85.0511,180,85.0511&zoom=2',
    'map, city (zoom 13)': '/api/query_map_pins?bbox=121.40,31.19,121.51,31.26&zoom=13',
  };
  for (const [name, p] of Object.entries(scenarios)) {
    const rps: Record<string, number[]> = { on: [], off: [] };
    const p99: Record<string, number[]> = { on: [], off: [] };
    for (let r = 0; r < args.rounds; r++) {
      for (const [label, server] of [['off', off], ['on', on]] as const) {
        const result = await runLoad({
          url: server.url,
          connections: args.connections,
          duration: args.duration,
          pid: server.pid,
          requests: tokens.map((t) => ({ path: p, headers: { authorization: `Bearer ${t}` } })),
        });
        rps[label]!.push(result.rps);
        p99[label]!.push(result.p99);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `${name}: cache off ${median(rps.off!).toFixed(0)} req/s (p99 ${median(p99.off!)} ms), on ${median(rps.on!).toFixed(0)} req/s (p99 ${median(p99.on!)} ms): ×${(median(rps.on!) / median(rps.off!)).toFixed(2)}`,
    );
  }
  console.log(`RSS after: cache on ${on.rssMb()} MB, off ${off.rssMb()} MB`);
} finally {
  await on.stop();
  await off.stop();
}
