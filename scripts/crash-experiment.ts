/**
 * The kill -9 experiment, outside the test suite: the server bundle (as `npm start` serves it)
 * under a write load of photo uploads, replacements, removals, deletions and profile pictures,
 * killed with SIGKILL at a random moment, restarted, again and again. After each restart the
 * media folder is compared with the rows (scripts/lib/media-audit.ts), and every write the server
 * acknowledged is looked for: memories created must be there, memories deleted must not.
 *
 *   node --import tsx scripts/crash-experiment.ts [--kills 12] [--seed 1]
 *   DATABASE_URL=postgres://… node --import tsx scripts/crash-experiment.ts   # a fresh schema in that database
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { openPostgres, openSqlite, type Db } from '../server/src/db/database.ts';
import { startChildServer, type ChildServer } from './lib/child-server.ts';
import { auditMedia, type MediaAudit } from './lib/media-audit.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    kills: { type: 'string', default: '12' },
    seed: { type: 'string', default: '1' },
    users: { type: 'string', default: '6' },
    'no-build': { type: 'boolean', default: false },
  },
});

let state = Number(args.seed) || 1;
/** Deterministic pseudo-random numbers (mulberry32), so a run can be repeated. */
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];

interface User {
  headers: Record<string, string>;
  pins: { id: string; hasPhoto: boolean }[];
}

async function main() {
  const kills = Number(args.kills);
  const databaseUrl = process.env.DATABASE_URL;
  if (!args['no-build']) execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-kill9-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'info' };
  let schema: string | undefined;
  if (databaseUrl) {
    schema = `kill9_${randomBytes(5).toString('hex')}`;
    await admin(databaseUrl, `CREATE SCHEMA ${schema}`);
    env.DATABASE_URL = `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const openDb = (): Db => (databaseUrl ? openPostgres(databaseUrl, { searchPath: schema, max: 1 }) : openSqlite(path.join(dataDir, 'memory-map.sqlite')));
  // A 12-megapixel photo, as phones take them (about 1 MB of JPEG noise-free gradient).
  const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#4a7' } })
    .composite([{ input: await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c42' } }).png().toBuffer(), left: 500, top: 400 }])
    .jpeg({ quality: 90 })
    .toBuffer();

  const totals = { answered: 0, cutOff: 0 };
  let last: MediaAudit | undefined;
  let lastLost = { missing: 0, back: 0 };
  const rows: string[] = [];
  // Each restart settles what the kill interrupted before it listens; the audit after it counts
  // what is left (it accumulates over the run: nothing cleans up later).
  let server = await startChildServer({ entry: 'bundle', env });
  const users: User[] = [];
  for (let i = 0; i < Number(args.users); i++) users.push(await register(server, i));
  try {
    for (let kill = 1; kill <= kills; kill++) {
      const load = startLoad(server, users, photo);
      // Killed at a random moment of a load that has had time to reach every stage of a write.
      await delay(1500 + random() * 3000);
      await server.kill9();
      const outcome = await load.stop();
      totals.answered += outcome.answered;
      totals.cutOff += outcome.cutOff;
      server = await startChildServer({ entry: 'bundle', env });
      const audit = await auditNow(openDb, path.join(dataDir, 'media'));
      last = audit;
      const lost = await lostWrites(openDb);
      lastLost = lost;
      rows.push(
        `kill ${String(kill).padStart(2)}: ${outcome.answered} writes answered, ${outcome.cutOff} cut off; after restart ` +
          `${audit.rows} rows with an image, ${audit.files} files, ${audit.orphans.length} orphans, ` +
          `${audit.temporary.length} temporary, ${audit.missing.length} missing; ` +
          `acknowledged writes lost: ${lost.missing} created memories missing, ${lost.back} deleted ones back`,
      );
      console.log(rows[rows.length - 1]);
    }
  } finally {
    await server.stop();
    if (schema) await admin(databaseUrl!, `DROP SCHEMA ${schema} CASCADE`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${kills} kills under write load; ${totals.answered} writes answered, ` +
      `${totals.cutOff} cut off by a kill. After the last restart: ${last?.rows} rows with an image, ${last?.files} files, ` +
      `${last?.orphans.length} orphan files, ${last?.temporary.length} temporary files, ${last?.missing.length} files missing for a row. ` +
      `Acknowledged writes lost: ${lastLost.missing} of ${acknowledged.created.size} memories created, ${lastLost.back} of ${acknowledged.deleted.size} deleted.`,
  );
}

async function auditNow(openDb: () => Db, mediaDir: string): Promise<MediaAudit> {
  const db = openDb();
  try {
    return await auditMedia(mediaDir, db.kysely);
  } finally {
    await db.close();
  }
}

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function register(server: ChildServer, i: number): Promise<User> {
  const name = `kill9_${i}_${randomBytes(3).toString('hex')}`;
  const headers = { 'x-forwarded-for': `10.77.${i}.1` };
  const res = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.test`, password: 'secret!1', confirmPassword: 'secret!1' }),
  });
  const body = (await res.json()) as { token: string };
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(body)}`);
  return { headers: { ...headers, authorization: `Bearer ${body.token}` }, pins: [] };
}

function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return f;
}

/**
 * Every write the server answered with a 2xx (issue 25: group commit must lose none of them):
 * memories created, and memories deleted. A deletion sent but not answered may have happened.
 */
const acknowledged = { created: new Set<string>(), deleted: new Set<string>(), deleteSent: new Set<string>() };

/** Acknowledged writes the database no longer shows: a created memory missing, a deleted one back. */
async function lostWrites(openDb: () => Db): Promise<{ missing: number; back: number }> {
  const db = openDb();
  try {
    const ids = [...acknowledged.created, ...acknowledged.deleted];
    const present = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db.kysely.selectFrom('pins').select('id').where('id', 'in', ids.slice(i, i + 500)).execute();
      for (const r of rows) present.add(r.id);
    }
    const missing = [...acknowledged.created].filter((id) => !present.has(id) && !acknowledged.deleteSent.has(id)).length;
    const back = [...acknowledged.deleted].filter((id) => present.has(id)).length;
    return { missing, back };
  } finally {
    await db.close();
  }
}

/** Three writers per user (the server takes four uploads per user at once), until stopped. */
function startLoad(server: ChildServer, users: User[], photo: Buffer) {
  let running = true;
  let answered = 0;
  let cutOff = 0;
  const memory = { title: 'Under load', description: 'Written while the server may die', latitude: '48.85', longitude: '2.35', visibility: '2' };
  async function once(u: User): Promise<void> {
    const r = random();
    const send = (method: string, url: string, body: FormData | string, json = false) =>
      fetch(server.url + url, { method, headers: json ? { ...u.headers, 'content-type': 'application/json' } : u.headers, body });
    const target = pick(u.pins);
    if (r < 0.5 || !target) {
      const res = await send('POST', '/api/create', form(memory, { name: 'image', bytes: photo }));
      if (res.status === 201) {
        const id = ((await res.json()) as { id: string }).id;
        u.pins.push({ id, hasPhoto: true });
        acknowledged.created.add(id);
      } else await res.arrayBuffer();
    } else if (r < 0.65) {
      await (await send('PUT', '/api/update_pin', form({ ...memory, pinId: target.id }, { name: 'image', bytes: photo }))).arrayBuffer();
    } else if (r < 0.72) {
      await (await send('PUT', '/api/update_pin', form({ ...memory, pinId: target.id, removeImage: 'true' }))).arrayBuffer();
    } else if (r < 0.87) {
      // Sent: from now on the memory may be gone whether or not the answer arrives.
      acknowledged.deleteSent.add(target.id);
      const res = await send('DELETE', '/api/delete', JSON.stringify({ pinId: target.id }), true);
      await res.arrayBuffer();
      if (res.ok) acknowledged.deleted.add(target.id);
      u.pins = u.pins.filter((p) => p !== target);
    } else {
      await (await send('POST', '/api/profile/upload-profile-picture', form({}, { name: 'profilePicture', bytes: photo }))).arrayBuffer();
    }
  }
  const workers = users.flatMap((u) =>
    Array.from({ length: 3 }, async () => {
      while (running) {
        try {
          await once(u);
          answered += 1;
        } catch {
          // The server died under this request.
          cutOff += 1;
          return;
        }
      }
    }),
  );
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return { answered, cutOff };
    },
  };
}

await main();
