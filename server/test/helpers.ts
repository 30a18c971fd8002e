import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SelfUser } from '@memory-map/shared';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app-types.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import type { LiveEventsOptions } from '../src/modules/events/live-events.ts';
import type { MediaStore } from '../src/modules/media/media-store.ts';
import { nowIso } from '../src/lib/time.ts';
import { createTestDb } from './test-db.ts';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  /** The `mm_session=...` cookie pair, for the cookie-only endpoints. */
  cookie: string;
  user: SelfUser;
  auth: { authorization: string };
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
  /** Registers through the real endpoint; returns the token, cookie and user. */
  register(username?: string, password?: string): Promise<TestUser>;
  /** Makes two users friends directly in the database (both directions). */
  befriend(a: TestUser, b: TestUser): Promise<void>;
  /** Listens on a free loopback port (for what inject() cannot do: streams); answers the base URL. */
  listen(): Promise<string>;
}

export interface TestAppOptions {
  liveEvents?: LiveEventsOptions;
  /** Another app's database (two app servers on one database); the caller closes it. */
  db?: Db;
  /** Instead of the one the configuration names. */
  media?: MediaStore;
  /** Hooks a test adds before the app is ready. */
  configure?: (app: App) => void;
}

let counter = 0;

/** A fresh app on a fresh database and a temporary DATA_DIR; call close() in afterEach/afterAll. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const db = options.db ?? (await createTestDb());
  const app = await buildApp({ config, db, logger: false, webDist: path.join(dataDir, 'no-web'), liveEvents: options.liveEvents, media: options.media });
  options.configure?.(app);
  await app.ready();

  const register = async (username?: string, password = 'secret!1'): Promise<TestUser> => {
    counter += 1;
    const name = username ?? `user${counter}_${process.pid}`;
    const email = `${name.toLowerCase()}@example.test`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: `10.0.${counter % 250}.${(counter * 7) % 250}`,
      payload: { username: name, email, password, confirmPassword: password },
    });
    if (res.statusCode !== 201) throw new Error(`register ${name} failed: ${res.statusCode} ${res.body}`);
    const body = res.json() as { token: string; user: SelfUser };
    return {
      id: body.user._id,
      username: name,
      email,
      password,
      token: body.token,
      cookie: sessionCookie(res),
      user: body.user,
      auth: { authorization: `Bearer ${body.token}` },
    };
  };

  const befriend = async (a: TestUser, b: TestUser) => {
    const at = nowIso();
    await db.kysely
      .insertInto('friendships')
      .values([
        { user_id: a.id, friend_id: b.id, created_at: at },
        { user_id: b.id, friend_id: a.id, created_at: at },
      ])
      .execute();
  };

  return {
    app,
    db,
    config,
    register,
    befriend,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await app.close();
      if (!options.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'mm_session');
  return cookie ? `mm_session=${cookie.value}` : '';
}
