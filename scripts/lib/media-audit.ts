import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema.ts';
import { parsePhotos } from '../../server/src/modules/media/pin-photos.ts';

export interface MediaAudit {
  /** Image files in the media folder (temporary ones not counted). */
  files: number;
  /** Images the rows point at (every photo of a memory, every profile picture). */
  rows: number;
  /** Files no row points at. */
  orphans: string[];
  /** Files left under a temporary name by a write that never finished. */
  temporary: string[];
  /** Files a row points at that are not there (the image or its thumbnail). */
  missing: string[];
}

const thumbOf = (key: string) => key.replace(/\.(jpg|webp|png)$/, '-thumb.$1');

/** Compares the media folder with the rows: what a crash may leave behind, and what it may lose. */
export async function auditMedia(mediaDir: string, db: Kysely<DB>): Promise<MediaAudit> {
  const pins = await db.selectFrom('pins').select('photos').where('photos', '!=', '[]').execute();
  const users = await db.selectFrom('users').select('profile_picture as key').where('profile_picture', 'is not', null).execute();
  const keys = [...pins.flatMap((r) => parsePhotos(r.photos).map((p) => p.key)), ...users.map((r) => r.key!)];
  const wanted = new Set(keys.flatMap((k) => [k, thumbOf(k)]));
  const present = new Set<string>();
  const temporary: string[] = [];
  for (const kind of ['pins', 'avatars']) {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(mediaDir, kind));
    } catch {
      // no folder, no files
    }
    for (const name of names) {
      if (name.endsWith('.tmp')) temporary.push(`${kind}/${name}`);
      else present.add(`${kind}/${name}`);
    }
  }
  return {
    files: present.size,
    rows: keys.length,
    orphans: [...present].filter((f) => !wanted.has(f)).sort(),
    temporary: temporary.sort(),
    missing: [...wanted].filter((f) => !present.has(f)).sort(),
  };
}
