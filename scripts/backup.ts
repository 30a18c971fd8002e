/**
 * npm run backup -- --out DIR
 *
 * A consistent copy of a running server's data, with the server's own environment (DATA_DIR,
 * DATABASE_URL, S3_*): the database (SQLite's online backup, or pg_dump), every photo from the
 * folder or the bucket, and the key. DIR must be new or empty. See docs/operations.md.
 */
import { loadConfig } from '../server/src/config.ts';
import { runBackup } from '../server/src/backup/backup.ts';
import { openMediaStore } from '../server/src/app.ts';
import { parseArgs } from './lib/args.ts';

const args = parseArgs(process.argv.slice(2), { out: '' });
if (!args.out) {
  console.error('Usage: npm run backup -- --out DIR');
  process.exit(2);
}
try {
  const config = loadConfig();
  await runBackup({ config, media: await openMediaStore(config), out: args.out, progress: (line) => console.error(line) });
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
