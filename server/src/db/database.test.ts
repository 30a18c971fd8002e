import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openPostgres } from './database.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DB === 'postgres' && PG_URL)('PostgreSQL pool', () => {
  it('survives the server dropping an idle connection, and answers the next query', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const db = openPostgres(PG_URL!, { max: 1 });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.kysely);
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL closed an idle connection')));
      const again = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
      warn.mockRestore();
    }
  });
});
