/* global console */
// `npm run backup [-- <destination>]`: a backup of the app's database.
//  - PostgreSQL (DATABASE_URL): pg_dump in the custom format, as the role of DATABASE_URL (the
//    tables' owner), to backups/hr-<time>.dump unless a destination file is given.
//  - Embedded (no DATABASE_URL): a copy of DATA_DIR/pgdata, taken only while the app is stopped,
//    to backups/hr-<time>-embedded/ unless a destination folder is given.
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BackupError, assertEmbeddedStopped, main, parseArgs, pgTool, run, target, timestamp } from './backup-lib.mjs';

main(async (argv) => {
  const { positional } = parseArgs(argv);
  const t = target();
  if (t.kind === 'postgres') {
    const file = resolve(positional[0] ?? join('backups', `hr-${timestamp()}.dump`));
    mkdirSync(dirname(file), { recursive: true });
    run(pgTool('pg_dump'), ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${t.url}`]);
    console.log(`PostgreSQL backup written to ${file}`);
    console.log(`Restore it with: npm run restore -- ${file}`);
    return;
  }
  if (!existsSync(t.pgdata) || readdirSync(t.pgdata).length === 0) {
    throw new BackupError(`There is no embedded database in ${t.dataDir} (no ${t.pgdata}). Set DATA_DIR to its folder.`);
  }
  assertEmbeddedStopped(t);
  const dir = resolve(positional[0] ?? join('backups', `hr-${timestamp()}-embedded`));
  if (existsSync(dir) && readdirSync(dir).length) throw new BackupError(`${dir} exists and is not empty`);
  mkdirSync(dir, { recursive: true });
  cpSync(t.pgdata, join(dir, 'pgdata'), { recursive: true });
  writeFileSync(
    join(dir, 'backup.json'),
    JSON.stringify({ kind: 'embedded', source: t.dataDir, created_at: new Date().toISOString() }, null, 2) + '\n',
  );
  // the app must not have started while the copy was made
  assertEmbeddedStopped(t);
  console.log(`Embedded database copied to ${dir}`);
  console.log(`Restore it (with the app stopped) with: npm run restore -- ${dir}`);
});
