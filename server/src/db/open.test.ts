import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { findWithUserQuery } from '../modules/sessions/sessions.repository.ts';
import { openDatabase } from './open.ts';

describe('openDatabase on SQLite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-open-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gives a database that grew without statistics its statistics at start, so the map reads its position index', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const first = await openDatabase(config);
    await first.close();

    // A database as a real deployment grows it: rows written over time, never analyzed.
    const raw = new Database(path.join(dataDir, 'memory-map.sqlite'));
    raw.prepare(`insert into users (id, username, username_lower, email, email_lower, password_hash, created_at)
      values ('u1', 'ana', 'ana', 'ana@example.test', 'ana@example.test', 'x', '2026-01-01')`).run();
    const insert = raw.prepare(`insert into pins (id, author_id, title, description, latitude, longitude, location_name,
      visibility, created_at, updated_at) values (?, 'u1', 't', '', ?, ?, '', ?, '2026-01-01', '2026-01-01')`);
    raw.transaction(() => {
      for (let i = 0; i < 3000; i++) insert.run(`p${String(i).padStart(5, '0')}`, -60 + (i % 120), -170 + (i % 340), 1 + (i % 3));
    })();
    raw.prepare('drop table if exists sqlite_stat1').run();
    raw.close();

    const db = await openDatabase(config);
    try {
      const stats = await sql<{ tbl: string }>`select tbl from sqlite_stat1 where tbl = 'pins'`.execute(db.kysely);
      expect(stats.rows.length).toBeGreaterThan(0);
      const plan = await sql<{ detail: string }>`explain query plan
        select id from pins where visibility = 3 and floor(latitude * 10) between 488 and 489
        and longitude between 2.2 and 2.4 and latitude between 48.8 and 48.9`.execute(db.kysely);
      expect(plan.rows.map((r) => r.detail).join('\n')).toContain('pins_public_geo_idx');
    } finally {
      await db.close();
    }
  });
});

describe('the session lookup on SQLite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mm-sessions-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeks the token, even with statistics taken while there was a single session', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const db = await openDatabase(config);
    try {
      await sql`insert into users (id, username, username_lower, email, email_lower, password_hash, created_at)
        values ('u1', 'ana', 'ana', 'ana@example.test', 'ana@example.test', 'x', '2026-01-01')`.execute(db.kysely);
      await sql`insert into sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
        values ('h1', 'u1', '2026-01-01', '2027-01-01', '2026-01-01')`.execute(db.kysely);
      // What a fresh install looks like an hour in: analyzed with one session, since grown.
      await sql`analyze`.execute(db.kysely);
      const query = findWithUserQuery.compiled(db.kysely, { tokenHash: 'h1' });
      const plan = await db.kysely.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      const steps = plan.rows.map((r) => r.detail).join('\n');
      expect(steps).toMatch(/SEARCH (sessions|"sessions") USING INDEX/);
      expect(steps).not.toMatch(/SCAN (sessions|"sessions")/);
      expect(await findWithUserQuery.first(db.kysely, { tokenHash: 'h1' })).toMatchObject({ user_id: 'u1', username: 'ana' });
    } finally {
      await db.close();
    }
  });
});
