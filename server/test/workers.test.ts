import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Pin, SelfUser } from '@memory-map/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { REPO_DIR } from '../src/paths.ts';
import { freePort, HAS_REDIS_SERVER, TestRedis } from './redis-server.ts';
import { SseClient } from './sse-client.ts';
import { TEST_DIALECT } from './test-db.ts';

/**
 * WORKERS=2 run for real (docs/decisions/081-workers-and-serializer.md): `node server/src/main.ts`
 * starts two worker processes on one port over one SQLite file in a temporary DATA_DIR and a
 * throwaway Redis. Every request goes on a new connection, which node:cluster hands to the
 * workers in turn, so consecutive requests land on both.
 */

/** Node processes whose parent is `pid` (Linux /proc): the workers of a primary (tsx's esbuild aside). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return command === 'node' && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** One request on a connection of its own (agent: false). */
function call<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (payload) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const req = request(`${base}${url}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('WORKERS', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-workers-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to one per core with Redis and to one without', () => {
    expect(loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://127.0.0.1:6379' }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATA_DIR: dir }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses more than one worker without Redis, and a value that is not a count, saying why', () => {
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '2' })).toThrow(/WORKERS: more than one worker needs REDIS_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '0', REDIS_URL: 'redis://x' })).toThrow(/WORKERS must be at least 1/);
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: 'many', REDIS_URL: 'redis://x' })).toThrow(/WORKERS must be a number/);
  });
});

describe.runIf(HAS_REDIS_SERVER && TEST_DIALECT === 'sqlite')('npm start with WORKERS=2', () => {
  let redis: TestRedis;
  let primary: ChildProcess;
  let base: string;
  let dataDir: string;
  const stderr: string[] = [];
  /** Workers that have said they listen, and waiters for the next one. */
  let listening = 0;
  let onListening: Array<() => void> = [];
  const listeningCount = (n: number) =>
    new Promise<void>((resolve) => {
      if (listening >= n) return resolve();
      const check = () => (listening >= n ? resolve() : onListening.push(check));
      onListening.push(check);
    });

  beforeAll(async () => {
    redis = await TestRedis.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'mm-workers-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    primary = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPO_DIR,
      env: {
        PATH: process.env.PATH,
        WORKERS: '2',
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
        REDIS_PREFIX: `mmtest:${randomUUID()}:`,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stderr!.setEncoding('utf8').on('data', (c: string) => stderr.push(c));
    createInterface({ input: primary.stdout! }).on('line', (line) => {
      if (!line.includes('"msg":"Server listening at')) return;
      listening += 1;
      const waiting = onListening;
      onListening = [];
      for (const w of waiting) w();
    });
    const exited = new Promise<never>((_, reject) => primary.once('exit', (code) => reject(new Error(`exited (${code}):\n${stderr.join('')}`))));
    await Promise.race([listeningCount(2), exited]);
    exited.catch(() => {});
  }, 120_000);

  afterAll(async () => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two processes that see each other’s writes at once', async () => {
    expect(childrenOf(primary.pid!)).toHaveLength(2);
    expect((await call(base, 'GET', '/api/health')).status).toBe(200);

    const reg = await call<{ token: string; user: SelfUser }>(base, 'POST', '/api/register', {
      username: 'worker_ann',
      email: 'ann@example.test',
      password: 'secret!1',
      confirmPassword: 'secret!1',
    });
    expect(reg.status).toBe(201);
    // Several new connections in a row: both workers answer, each sees the account and its memories.
    for (let i = 0; i < 4; i++) {
      const created = await call<Pin>(base, 'POST', '/api/create', { title: `Ducks ${i}`, description: 'Quack', latitude: 51.5, longitude: -0.12, visibility: '3' }, reg.body.token);
      expect(created.status).toBe(201);
      const feed = await call<Pin[]>(base, 'GET', '/api/query_feed?limit=20', undefined, reg.body.token);
      expect(feed.status).toBe(200);
      expect(feed.body[0]?.title).toBe(`Ducks ${i}`);
      expect(feed.body).toHaveLength(i + 1);
    }
  });

  it('carries live events from the worker that wrote to the stream another worker holds', async () => {
    const register = (name: string) =>
      call<{ token: string; user: SelfUser }>(base, 'POST', '/api/register', { username: name, email: `${name}@example.test`, password: 'secret!1', confirmPassword: 'secret!1' });
    const ben = (await register('worker_ben')).body;
    const cat = (await register('worker_cat')).body;
    expect((await call(base, 'POST', '/api/send_request', { userId: cat.user._id }, ben.token)).status).toBe(200);
    expect((await call(base, 'POST', '/api/accept_request', { userId: ben.user._id }, cat.token)).status).toBe(200);

    const stream = await SseClient.open(base, { authorization: `Bearer ${cat.token}` });
    expect(stream.status).toBe(200);
    // Four writes on four new connections: at least two are answered by the worker without the stream.
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await call<Pin>(base, 'POST', '/api/create', { title: `Friends ${i}`, description: 'Hi', latitude: 10, longitude: 10, visibility: '2' }, ben.token);
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const heard: string[] = [];
    while (heard.length < ids.length) {
      const event = await stream.next();
      if (event.event === 'memory') heard.push((event.data as { id: string }).id);
    }
    expect(heard.sort()).toEqual([...ids].sort());
    stream.close();
  });

  it('replaces a worker that dies, and stops every worker on SIGTERM', async () => {
    const [victim] = childrenOf(primary.pid!);
    process.kill(victim!, 'SIGKILL');
    await listeningCount(3);
    const workers = childrenOf(primary.pid!);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    expect((await call(base, 'GET', '/api/health')).status).toBe(200);

    const code = new Promise<number | null>((resolve) => primary.once('exit', (c) => resolve(c)));
    primary.kill('SIGTERM');
    expect(await code).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
