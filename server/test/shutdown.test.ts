import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { SHUTTING_DOWN_MESSAGE } from '../src/plugins/shutdown.ts';
import { createTestDb } from './test-db.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Splits what came back on one connection into its responses (bodies have a Content-Length). */
function responses(raw: string): { status: number; headers: string; body: string }[] {
  const out = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    out.push({ status: Number(head.split(' ')[1]), headers: head, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

describe('while the server shuts down', () => {
  it('answers a request that still arrives with 503 in the one error shape', async () => {
    const db = await createTestDb();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db, logger: false, webDist: path.join(dataDir, 'no-web') });
    // A request that is in flight when the shutdown begins, held until the test lets it go.
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/test/hold', async () => {
      entered();
      await released;
      return { held: true };
    });
    let closingStarted!: () => void;
    const closing = new Promise<void>((resolve) => (closingStarted = resolve));
    app.addHook('preClose', async () => closingStarted());
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    let arrivals = 0;
    let secondArrived!: () => void;
    const second = new Promise<void>((resolve) => (secondArrived = resolve));
    app.server.on('request', () => {
      arrivals += 1;
      if (arrivals === 2) secondArrived();
    });

    const socket = connect({ port: Number(new URL(address).port), host: '127.0.0.1' });
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk.toString()));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /test/hold HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await inFlight;

    const closed = app.close();
    await closing;
    // The same connection (busy, so still open) carries the next request.
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // The server has it while the first is still held; then the first may finish.
    await second;
    release();
    await ended;
    await closed;
    await db.close();

    const [held, refused] = responses(raw);
    expect(held?.status).toBe(200);
    expect(refused?.status).toBe(503);
    expect(JSON.parse(refused!.body)).toEqual({ error: SHUTTING_DOWN_MESSAGE });
    expect(refused!.headers).toMatch(/^retry-after: 5$/im);
    expect(refused!.headers).toMatch(/^connection: close$/im);
  });
});
