import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { contentTypeOf, type MediaStore } from '../modules/media/media-store.ts';
import { runTool, sqlitePath } from './backup.ts';
import { BackupError, KEY_FILE, MANIFEST, MEDIA_DIR, PG_DUMP_FILE, SQLITE_FILE, type BackupManifest, type Progress } from './backup-format.ts';

function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${dir} is not a backup: it has no ${MANIFEST}`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${dir} was made by a newer version (format ${String(manifest.format)})`);
  return manifest;
}

/** Does the PostgreSQL database already hold tables in its schema? Then it is not ours to fill. */
async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from information_schema.tables where table_schema = current_schema()',
    );
    return Number(rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}

async function mediaIsEmpty(store: MediaStore): Promise<boolean> {
  if (!store.listKeys) throw new BackupError('This media store cannot list its files');
  for await (const key of store.listKeys()) {
    void key;
    return false;
  }
  return true;
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

export interface RestoreOptions {
  config: Config;
  media: MediaStore;
  from: string;
  progress?: Progress;
}

/**
 * npm run restore -- --from DIR: fills an empty DATA_DIR (or database, and media folder or
 * bucket) from a backup. Anything already there is refused, never overwritten or merged.
 */
export async function runRestore({ config, media, from, progress = () => {} }: RestoreOptions): Promise<BackupManifest> {
  const dir = path.resolve(from);
  const manifest = readManifest(dir);
  const target = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== target) {
    throw new BackupError(
      `This backup holds a ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database; restore it with ${manifest.database === 'sqlite' ? 'DATABASE_URL unset (into DATA_DIR)' : 'DATABASE_URL set'}.`,
    );
  }
  const sqliteTarget = sqlitePath(config);
  if (target === 'sqlite' && existsSync(sqliteTarget)) throw new BackupError(`${sqliteTarget} already exists: restore into an empty DATA_DIR.`);
  if (config.databaseUrl && !(await postgresIsEmpty(config.databaseUrl))) {
    throw new BackupError('The database named by DATABASE_URL already has tables: restore into an empty database.');
  }
  if (!(await mediaIsEmpty(media))) throw new BackupError(`The media ${config.s3 ? 'bucket' : 'folder'} is not empty: restore into an empty one.`);

  if (config.databaseUrl) {
    progress('database: pg_restore…');
    await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(dir, PG_DUMP_FILE)]);
  } else {
    copyFileSync(path.join(dir, SQLITE_FILE), sqliteTarget);
  }
  progress('database: 100%');

  const keys = filesUnder(path.join(dir, MEDIA_DIR));
  let done = 0;
  for (const key of keys) {
    await media.put(key, await readFile(path.join(dir, MEDIA_DIR, key)), contentTypeOf(key));
    done += 1;
    if (done % 100 === 0 || done === keys.length) progress(`photos: ${done}/${keys.length}`);
  }

  const keyFile = path.join(config.dataDir, KEY_FILE);
  const backupKey = path.join(dir, KEY_FILE);
  // The target was empty, so a key in it was only just generated (config.ts) and signed nothing.
  if (existsSync(backupKey)) writeFileSync(keyFile, readFileSync(backupKey), { mode: 0o600 });
  progress(`done: restored the database, ${keys.length} media files and the key`);
  return manifest;
}
