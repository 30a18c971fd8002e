import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './open.ts';

/**
 * DATA_DIR holds the database (sessions, password hashes) and the key that signs photo URLs:
 * only the server's own user may read them, whatever the umask.
 */
const parent = mkdtempSync(path.join(tmpdir(), 'mm-modes-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('files the server creates in DATA_DIR', () => {
  it('creates DATA_DIR 0700, and the secret key, the SQLite database and its -wal and -shm 0600', async () => {
    const previous = process.umask(0o002);
    try {
      const dataDir = path.join(parent, 'fresh', 'data');
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'secret.key'))).toBe(0o600);
      const db = await openDatabase(config);
      try {
        const file = path.join(dataDir, 'memory-map.sqlite');
        for (const f of [file, `${file}-wal`, `${file}-shm`]) {
          expect(existsSync(f), f).toBe(true);
          expect(mode(f), f).toBe(0o600);
        }
      } finally {
        await db.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  it('narrows a database an older version left readable by others', async () => {
    const dataDir = path.join(parent, 'upgraded');
    mkdirSync(dataDir, { mode: 0o750 });
    const file = path.join(dataDir, 'memory-map.sqlite');
    closeSync(openSync(file, 'w'));
    chmodSync(file, 0o644);
    const db = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    await db.close();
    expect(mode(file)).toBe(0o600);
    // The operator's own directory keeps the mode they chose.
    expect(mode(dataDir)).toBe(0o750);
  });
});
