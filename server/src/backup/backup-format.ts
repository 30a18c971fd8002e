import { existsSync, readdirSync } from 'node:fs';

/**
 * A backup folder (docs/design.md §18, docs/operations.md):
 *   manifest.json        what it holds (below)
 *   memory-map.sqlite    SQLite's online backup of the database, or
 *   database.pgdump      pg_dump's custom format of the PostgreSQL database
 *   media/<key>          every photo, thumbnail and profile picture, by its store key
 *   secret.key           the key that signs image URLs
 */
export interface BackupManifest {
  format: 1;
  appVersion: string;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  mediaFiles: number;
  mediaBytes: number;
}

export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'memory-map.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';
export const MEDIA_DIR = 'media';
export const KEY_FILE = 'secret.key';

/** A folder that does not exist, or exists and holds nothing. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Progress lines for the operator, on stderr so stdout stays clean for scripts. */
export type Progress = (line: string) => void;

export class BackupError extends Error {}
