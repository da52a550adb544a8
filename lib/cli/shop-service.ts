import type { Db } from '@/lib/db/client';
import { dumpGzippedBackup } from '@/lib/db/backup/dump';
import { restoreBackup } from '@/lib/db/backup/restore';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail/transport';
import { appSecret } from '@/lib/security/secret';
import { deliverPendingMail } from '@/lib/shop/delivery/deliver-mail';
import type { BackupEngine } from './backup';
import type { Refunder } from '@/lib/shop/orders/operations';
import { stripeClient, stripeRefunder } from '@/lib/shop/payments/stripe';

/**
 * What `npm run shop` does with a database, the same whoever holds it: this process (PostgreSQL,
 * or PGlite while no server runs, lib/cli/shop-main.ts) or the server that holds PGlite, asked
 * over its control socket (lib/server/shop-control.ts).
 */

/** Sends whatever email is due (after `resend`); resolves with how many went out. */
export const deliverDueMail = (db: Db) => async () =>
  (
    await deliverPendingMail(db, {
      siteUrl: env().siteUrl,
      secret: appSecret(),
      send: sendMail,
      firstRetrySeconds: env().mailRetrySeconds,
      seller: env().seller,
    })
  ).sent;

/** Refunds at Stripe with this process's keys (PAYMENT_PROVIDER=stripe); none in demo mode. */
export function providerRefunder(): Refunder | undefined {
  const { payments } = env();
  return payments.provider === 'stripe' ? stripeRefunder(stripeClient(payments)) : undefined;
}

/** Backups of `db` and restores into it, with this process's link key. */
export const localBackups = (db: Db): BackupEngine => ({
  backup: async (write) => ({
    header: await dumpGzippedBackup(db, appSecret(), write),
    secretFromEnv: env().appSecret !== undefined,
  }),
  restore: (source, merge) => restoreBackup(db, source, { secret: appSecret(), merge }),
});
