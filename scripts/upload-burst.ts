/**
 * Memory under a burst of big uploads: the server bundle (with npm start's malloc settings), 16
 * photos of ~14 MB (17 megapixels) sent at once, by one user and by 16 users, each on a freshly
 * started server. Prints the answers, the resident memory when idle and its peak (VmHWM).
 *
 *   node --import tsx scripts/upload-burst.ts [--uploads 16] [--no-build]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startChildServer, type ChildServer } from './lib/child-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { uploads: { type: 'string', default: '16' }, 'no-build': { type: 'boolean', default: false } } });
const N = Number(args.uploads);

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
}

async function register(server: ChildServer, i: number) {
  const name = `burst_${i}_${randomBytes(3).toString('hex')}`;
  const headers = { 'x-forwarded-for': `10.66.${i}.1` };
  const res = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.test`, password: 'secret!1', confirmPassword: 'secret!1' }),
  });
  const body = (await res.json()) as { token: string };
  if (res.status !== 201) throw new Error(`register: ${res.status}`);
  return { ...headers, authorization: `Bearer ${body.token}` };
}

async function main() {
  if (!args['no-build']) execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-burst-'));
  const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
  const photo = await sharp({ create: { width: 4800, height: 3600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
  console.log(`photo: ${(photo.length / 1048576).toFixed(1)} MB, 17.3 megapixels; ${N} uploads at once`);
  // The serving line is logged at info; this server logs only warnings, so wait on it by level.
  const start = () => startChildServer({ entry: 'bundle', env: { ...env, LOG_LEVEL: 'info' } });
  let server = await start();
  const users: Record<string, string>[] = [];
  for (let i = 0; i < N; i++) users.push(await register(server, i));
  try {
    for (const scenario of ['one user', `${N} users`]) {
      await server.stop();
      server = await start();
      const pid = server.process.pid!;
      const idle = memoryMb(pid, 'VmRSS');
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: N }, async (_, i) => {
          const form = new FormData();
          for (const [k, v] of Object.entries({ title: 'Burst', description: 'd', latitude: '1', longitude: '2', visibility: '1' })) form.append(k, v);
          form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'big.jpg');
          const headers = scenario === 'one user' ? users[0]! : users[i]!;
          const res = await fetch(`${server.url}/api/create`, { method: 'POST', headers, body: form });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      const counts = Object.entries(answers.reduce<Record<number, number>>((c, s) => ((c[s] = (c[s] ?? 0) + 1), c), {}))
        .map(([s, n]) => `${n}× ${s}`)
        .join(', ');
      console.log(
        `${scenario.padEnd(9)}: ${counts}; RSS idle ${idle} MB, peak ${memoryMb(pid, 'VmHWM')} MB, after ${memoryMb(pid, 'VmRSS')} MB; ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
