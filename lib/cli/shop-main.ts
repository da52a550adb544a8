import { env, EnvError } from '@/lib/env';
import { openDb } from '@/lib/db/client';
import { appSecret } from '@/lib/security/secret';
import { sendMail } from '@/lib/mail/transport';
import { deliverPendingMail } from '@/lib/shop/delivery/deliver-mail';
import { keepDataPrivate } from '@/lib/server/private-files';
import { runShop } from './shop';
import { logToStderr } from '@/lib/log/logger';
import { runPurgeCache } from './purge-cache';

/* eslint-disable no-console -- what this prints is the command's output to the operator at the
   terminal (its results on stdout, which --json makes JSON, its refusals on stderr), not the
   server's log. What the modules it runs log goes to stderr as JSON lines (logToStderr). */

/** The entry of `npm run shop` (bundled to dist/shop.mjs): the database of this environment. */
async function main() {
  logToStderr();
  let config;
  try {
    config = env();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : String(error));
    process.exit(2);
  }
  // nginx's cache is files on disk: no database is opened for it.
  if (process.argv[2] === 'purge-cache') {
    process.exitCode = runPurgeCache(process.argv.slice(3), {
      dir: config.nginxCacheDir,
      out: (text) => console.log(text),
      err: (text) => console.error(text),
    });
    return;
  }
  let db;
  try {
    // It opens the same DATA_DIR as the server, and may write there (the link key, the outbox).
    keepDataPrivate(config.dataDir);
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    console.error(`The database could not be opened: ${(error as Error).message}`);
    process.exit(1);
  }
  try {
    const code = await runShop(process.argv.slice(2), {
      db,
      out: (text) => console.log(text),
      err: (text) => console.error(text),
      deliver: async () =>
        (
          await deliverPendingMail(db, {
            siteUrl: config.siteUrl,
            secret: appSecret(),
            send: sendMail,
            firstRetrySeconds: config.mailRetrySeconds,
          })
        ).sent,
    });
    process.exitCode = code;
  } finally {
    await db.close();
  }
}

void main();
