import { env, EnvError } from '@/lib/env';
import { join, resolve } from 'node:path';
import { openDb, type Db } from '@/lib/db/client';
import { isDataDir } from '@/lib/db/pglite-template';
import { BackupError } from '@/lib/db/backup/format';
import { keepDataPrivate } from '@/lib/server/private-files';
import { controlSocketPath } from '@/lib/server/control-socket';
import { runShop, USAGE } from './shop';
import { logToStderr } from '@/lib/log/logger';
import { runPurgeCache } from './purge-cache';
import { runBackupCommand } from './backup';
import { connectControl, remoteBackups, remoteShop } from './control-client';
import { deliverDueMail, localBackups, providerRefunder } from './shop-service';

/* eslint-disable no-console -- what this prints is the command's output to the operator at the
   terminal (its results on stdout, which --json makes JSON, its refusals on stderr), not the
   server's log. What the modules it runs log goes to stderr as JSON lines (logToStderr). */

const out = (text: string) => console.log(text);
const err = (text: string) => console.error(text);

/**
 * The entry of `npm run shop` (bundled to dist/shop.mjs): the database of this environment. On
 * the embedded database while a server holds it, the server runs the command (its control socket,
 * lib/server/control-socket.ts); otherwise this process opens the database itself.
 */
async function main() {
  logToStderr();
  let config;
  try {
    config = env();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : String(error));
    process.exit(2);
  }
  const argv = process.argv.slice(2);
  // nginx's cache is files on disk: no database is opened for it.
  if (argv[0] === 'purge-cache') {
    process.exitCode = runPurgeCache(argv.slice(1), { dir: config.nginxCacheDir, out, err });
    return;
  }
  const backups = argv[0] === 'backup' || argv[0] === 'restore';
  const server = config.databaseUrl ? undefined : await connectControl(controlSocketPath(config.dataDir));
  if (server) {
    try {
      process.exitCode = backups
        ? await runBackupCommand(argv, { out, err, engine: async () => remoteBackups(server) }, USAGE)
        : await remoteShop(server, argv, { out, err });
    } finally {
      server.destroy();
    }
    return;
  }
  let db: Db | undefined;
  const open = async () => {
    // A mistyped DATA_DIR would otherwise be a new, empty database, and its backup an empty file.
    const pglite = join(resolve(config.dataDir), 'pglite');
    if (argv[0] === 'backup' && !config.databaseUrl && !isDataDir(pglite))
      throw new BackupError(`There is no database in ${pglite}: check DATA_DIR (or set DATABASE_URL).`);
    try {
      // It opens the same DATA_DIR as the server, and may write there (the link key, the outbox).
      keepDataPrivate(config.dataDir);
      // A restore migrates the database itself: to its backup's level first (lib/db/backup/restore.ts).
      db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrated: argv[0] !== 'restore' });
      return db;
    } catch (error) {
      throw new BackupError(`The database could not be opened: ${(error as Error).message}`);
    }
  };
  try {
    if (backups) {
      process.exitCode = await runBackupCommand(
        argv,
        { out, err, engine: async () => localBackups(await open()) },
        USAGE,
      );
      return;
    }
    try {
      await open();
    } catch (error) {
      err((error as Error).message);
      process.exit(1);
    }
    process.exitCode = await runShop(argv, {
      db: db!,
      out,
      err,
      deliver: deliverDueMail(db!),
      refunder: providerRefunder(),
    });
  } finally {
    await db?.close();
  }
}

void main();
