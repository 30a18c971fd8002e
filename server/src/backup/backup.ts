import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { APP_VERSION } from '@memory-map/shared';
import type { Config } from '../config.ts';
import type { MediaStore } from '../modules/media/media-store.ts';
import { BackupError, isEmptyFolder, KEY_FILE, MANIFEST, MEDIA_DIR, PG_DUMP_FILE, SQLITE_FILE, type BackupManifest, type Progress } from './backup-format.ts';

/** The SQLite file the server keeps in DATA_DIR (db/open.ts). */
export function sqlitePath(config: Config): string {
  return path.join(config.dataDir, 'memory-map.sqlite');
}

/** Runs a PostgreSQL client tool, failing with its own words. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err) => reject(new BackupError(`${command} could not be started (${err.message}); install the PostgreSQL client tools`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed: ${stderr.trim() || `exit code ${code}`}`))));
  });
}

/**
 * SQLite's online backup: pages are copied from a connection of our own while the server goes
 * on writing; a write by the server meanwhile makes SQLite copy again what changed, so the copy
 * is one consistent state that includes every transaction committed before it began.
 */
async function backupSqlite(config: Config, out: string, progress: Progress): Promise<void> {
  const file = sqlitePath(config);
  if (!existsSync(file)) throw new BackupError(`There is no database at ${file}: is DATA_DIR the server's?`);
  const source = new Database(file, { fileMustExist: true });
  try {
    let last = -1;
    await source.backup(path.join(out, SQLITE_FILE), {
      progress({ totalPages, remainingPages }) {
        const percent = totalPages === 0 ? 100 : Math.floor(((totalPages - remainingPages) / totalPages) * 100);
        if (percent >= last + 10 && percent < 100) {
          progress(`database: ${percent}%`);
          last = percent;
        }
        return 1000;
      },
    });
    progress('database: 100%');
  } finally {
    source.close();
  }
}

/** pg_dump reads in one repeatable-read transaction: a consistent snapshot of a running database. */
async function backupPostgres(url: string, out: string, progress: Progress): Promise<void> {
  progress('database: pg_dump…');
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(out, PG_DUMP_FILE)}`, `--dbname=${url}`]);
  progress('database: 100%');
}

async function writeFileDurably(file: string, body: Buffer): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, 'w', 0o600);
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Copies every key the store holds that is not in the backup yet. Called before and after the
 * database is copied: a photo is stored before the row naming it commits, so every photo a row of
 * the copy names was in the store by the second pass (unless deleted meanwhile, with its memory).
 */
async function copyMedia(store: MediaStore, out: string, copied: Set<string>, progress: Progress, pass: string): Promise<number> {
  if (!store.listKeys) throw new BackupError('This media store cannot list its files');
  let bytes = 0;
  let count = 0;
  for await (const key of store.listKeys()) {
    if (copied.has(key)) continue;
    const object = await store.get(key);
    if (!object) continue; // deleted since it was listed
    const body = await readAll(object.body);
    await writeFileDurably(path.join(out, MEDIA_DIR, key), body);
    copied.add(key);
    bytes += body.length;
    count += 1;
    if (count % 100 === 0) progress(`photos (${pass}): ${count} files`);
  }
  progress(`photos (${pass}): ${count} files`);
  return bytes;
}

export interface BackupOptions {
  config: Config;
  media: MediaStore;
  out: string;
  progress?: Progress;
}

/** npm run backup -- --out DIR: a consistent copy of a running server's data (docs/operations.md). */
export async function runBackup({ config, media, out, progress = () => {} }: BackupOptions): Promise<BackupManifest> {
  const dir = path.resolve(out);
  if (!isEmptyFolder(dir)) throw new BackupError(`${dir} is not empty. Back up into a new or empty folder, so nothing is mixed with an older copy.`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const copied = new Set<string>();
  let mediaBytes = await copyMedia(media, dir, copied, progress, 'first pass');
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, dir, progress);
  else await backupSqlite(config, dir, progress);
  mediaBytes += await copyMedia(media, dir, copied, progress, 'second pass');

  // The key: without it, image links signed before the restore stop working (new ones are fine).
  const keyFile = path.join(config.dataDir, KEY_FILE);
  const key = existsSync(keyFile) ? readFileSync(keyFile, 'utf8') : `${config.secretKey}\n`;
  writeFileSync(path.join(dir, KEY_FILE), key, { mode: 0o600 });

  const manifest: BackupManifest = {
    format: 1,
    appVersion: APP_VERSION,
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'sqlite',
    mediaFiles: copied.size,
    mediaBytes,
  };
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  const dbFile = path.join(dir, config.databaseUrl ? PG_DUMP_FILE : SQLITE_FILE);
  progress(`done: ${path.basename(dbFile)} (${Math.round(statSync(dbFile).size / 1024)} KB), ${copied.size} media files (${Math.round(mediaBytes / 1024)} KB), the key`);
  return manifest;
}
