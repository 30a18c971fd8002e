import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Pin, SelfUser } from '@memory-map/shared';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_DIR } from '../src/paths.ts';
import { makePhoto } from './fixtures/images.ts';
import { TestBucket } from './s3-server.ts';
import { SseClient } from './sse-client.ts';
import { TEST_DIALECT } from './test-db.ts';

/**
 * The scale-out story run for real (docs/design.md §8): two app servers as separate processes
 * (`node server/src/main.ts`, as `npm run dev` starts it) on one PostgreSQL database (a schema of
 * their own), one Redis (a key prefix of this run's own), one bucket (s3rver) and the same
 * SECRET_KEY. Part of the PostgreSQL suite, which CI runs with Redis up.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL;

interface Server {
  base: string;
  process: ChildProcess;
  stderr: string[];
  dataDir: string;
}

/** Starts `node --import tsx server/src/main.ts`; resolves with its address once it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-two-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_DIR,
    env: { PATH: process.env.PATH, ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (c: string) => stderr.push(c));
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the server exited (${code}) before listening:\n${stderr.join('')}`));
    child.once('exit', exited);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      // Fastify's own line: {"msg":"Server listening at http://127.0.0.1:41234", …}
      const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(line);
      if (!match) return;
      child.off('exit', exited);
      resolve({ base: match[1]!, process: child, stderr, dataDir });
    });
  });
}

async function stopServer(server: Server | undefined): Promise<number | null> {
  if (!server) return null;
  const child = server.process;
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  child.kill('SIGTERM');
  const code = await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
  return code;
}

async function call<T>(base: string, url: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body && typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}${url}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

describe.runIf(TEST_DIALECT === 'postgres' && REDIS_URL)('two app servers on one database, one Redis and one bucket', () => {
  const schema = `two_${randomBytes(5).toString('hex')}`;
  let bucket: TestBucket;
  let one: Server | undefined;
  let two: Server | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    bucket = await TestBucket.start();
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: `mmtest:${randomUUID()}:`,
      SECRET_KEY: randomBytes(32).toString('base64url'),
      ...bucket.env,
    };
    // One after the other, as a rolling start would: the first migrates the empty schema.
    one = await startServer(env);
    two = await startServer(env);
  }, 120_000);

  afterAll(async () => {
    await stopServer(two);
    await stopServer(one);
    await bucket?.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }, 60_000);

  async function register(base: string, name: string): Promise<{ token: string; user: SelfUser; password: string }> {
    const username = `${name}${randomBytes(3).toString('hex')}`;
    const password = 'secret!1';
    const res = await call<{ token: string; user: SelfUser }>(base, '/api/register', {
      method: 'POST',
      body: JSON.stringify({ username, email: `${username}@example.test`, password, confirmPassword: password }),
    });
    expect(res.status).toBe(201);
    return { ...res.body, password };
  }

  it('a request on server 2 reaches a stream on server 1; a memory made on one is read with its photo on the other; a logout on one ends the session on both', { timeout: 60_000 }, async () => {
    const ann = await register(one!.base, 'ann');
    const ben = await register(two!.base, 'ben');

    // Ben listens on server 1; Ann asks on server 2.
    const benOn1 = await SseClient.open(one!.base, { authorization: `Bearer ${ben.token}` });
    expect(benOn1.status).toBe(200);
    const annOn2 = await SseClient.open(two!.base, { authorization: `Bearer ${ann.token}` });
    expect(annOn2.status).toBe(200);
    expect((await call(two!.base, '/api/send_request', { method: 'POST', token: ann.token, body: JSON.stringify({ userId: ben.user._id }) })).status).toBe(200);
    const request = await benOn1.next();
    expect(request).toMatchObject({ event: 'friend-request', data: { user: { _id: ann.user._id, username: ann.user.username } } });
    expect(request.id).toMatch(/^\d+-\d+$/);
    // Ben answers on server 1; Ann hears it on server 2.
    expect((await call(one!.base, '/api/accept_request', { method: 'POST', token: ben.token, body: JSON.stringify({ userId: ann.user._id }) })).status).toBe(200);
    expect(await annOn2.next()).toMatchObject({ event: 'friend-accepted', data: { user: { _id: ben.user._id } } });

    // Ann posts a friends-only memory with a photo on server 2; Ben hears of it on server 1 and
    // reads it there, photo included (from the bucket).
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Harbour', description: 'Boats', latitude: '43.3', longitude: '5.4', visibility: '2' })) form.append(k, v);
    form.append('image', new Blob([new Uint8Array(await makePhoto({ width: 500, height: 400 }))], { type: 'image/jpeg' }), 'harbour.jpg');
    const created = await call<Pin>(two!.base, '/api/create', { method: 'POST', token: ann.token, body: form });
    expect(created.status).toBe(201);
    expect(await benOn1.next()).toMatchObject({ event: 'memory', data: { id: created.body.id } });
    const feed = await call<Pin[]>(one!.base, '/api/query_feed?limit=10', { token: ben.token });
    const pin = feed.body.find((p) => p.id === created.body.id);
    expect(pin?.title).toBe('Harbour');
    expect(pin!.imageUrl).toMatch(new RegExp(`^${bucket.endpoint}/`));
    const photo = await fetch(pin!.imageUrl!);
    expect(photo.status).toBe(200);
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([500, 400]);

    // A profile picture uploaded on server 1 is served by server 2: the same bucket and the same
    // SECRET_KEY signing its /media URL.
    const picture = new FormData();
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#c04080' } }).png().toBuffer();
    picture.append('profilePicture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await call<{ profilePicture: string }>(one!.base, '/api/profile/upload-profile-picture', { method: 'POST', token: ann.token, body: picture });
    expect(uploaded.status).toBe(200);
    const mediaPath = uploaded.body.profilePicture.replace(/^https?:\/\/[^/]+/, '');
    const avatar = await fetch(`${two!.base}${mediaPath}`);
    expect(avatar.status).toBe(200);
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).width).toBe(48);

    // Ann logs out on server 1: server 2 refuses her token, and her stream there ends.
    expect((await call(one!.base, '/api/logout', { method: 'POST', token: ann.token })).status).toBe(204);
    expect((await call(two!.base, '/api/get_user', { token: ann.token })).status).toBe(401);
    await annOn2.closed;
    // Ben's session is untouched on both.
    expect((await call(two!.base, '/api/get_user', { token: ben.token })).status).toBe(200);

    // Stopping server 1 ends Ben's stream there (its client would reconnect to server 2) and
    // the process exits cleanly.
    expect(await stopServer(one)).toBe(0);
    one = undefined;
    await benOn1.closed;
    const again = await SseClient.open(two!.base, { authorization: `Bearer ${ben.token}`, 'last-event-id': request.id! });
    expect(again.status).toBe(200);
    // What Ben heard after the request, replayed by the other server from Redis.
    expect(await again.next()).toMatchObject({ event: 'memory', data: { id: created.body.id } });
    await again.close();
  });
});
