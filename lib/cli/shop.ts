import type { Queryable } from '@/lib/db/client';
import { EMAIL_PATTERN } from '@/lib/shop/checkout/purchase-schema';
import {
  ordersByEmail,
  resendLink,
  resetDownloads,
  revokeOrder,
  shopStats,
  type ChangeResult,
} from '@/lib/shop/orders/operations';
import { formatTable } from './table';
import { escapeControls } from './terminal-text';

/**
 * `npm run shop -- <command>`: support work on whichever database the environment points at.
 * Tables for people, `--json` for scripts; exit code 0 done, 1 not possible (no such order…),
 * 2 the command itself is wrong.
 */
export const USAGE = `Usage: npm run shop -- <command> [--json]

  orders --email <address>    the orders of an address, with downloads used and link expiry
  resend <orderId>            email a fresh link for the order
  reset-downloads <orderId>   give the order all its downloads again
  revoke <orderId>            stop every link of the order at once (a refund)
  stats [--days <n>]          orders per day and edition (last 14 days), and the mail queue
  backup <file>               the orders, downloads, mail queue and lookups, as of one moment (gzip'd NDJSON)
  restore <file> [--merge]    a backup into this database (one without orders; --merge adds what is not here)
  purge-cache                 empty nginx's cache of shareable documents (NGINX_CACHE_DIR)`;

export type ShopIo = {
  db: Queryable;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Sends whatever email is due (after `resend`); resolves with how many went out. */
  deliver?: () => Promise<number>;
};

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
  return value;
}

function orderIdOf(args: string[], command: string): string {
  const id = args.find((arg) => !arg.startsWith('--'));
  if (!id) throw new UsageError(`${command} needs an order id (npm run shop -- ${command} <orderId>)`);
  if (!ORDER_ID.test(id))
    throw new UsageError(`"${escapeControls(id)}" is not an order id (they look like 3f2b8c1e-…-…)`);
  return id;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

const why: Record<Exclude<ChangeResult, { ok: true }>['reason'], string> = {
  not_found: 'There is no order with that id.',
  not_paid: 'That order is not paid, so it has no links.',
  revoked: 'That order’s links were revoked; it gets no new ones.',
};

export async function runShop(argv: string[], io: ShopIo): Promise<number> {
  const json = argv.includes('--json');
  const [command, ...rest] = argv.filter((arg) => arg !== '--json');
  // No control character reaches the terminal but our own line breaks; a value that
  // may hold a line break of its own (an order's email) is escaped where it is put in.
  const out = (text: string) => io.out(escapeControls(text, { keepNewlines: true }));
  const err = (text: string) => io.err(escapeControls(text, { keepNewlines: true }));
  const print = (value: unknown, table: () => string) => out(json ? JSON.stringify(value, null, 2) : table());
  const changed = (result: ChangeResult, done: string): number => {
    if (!result.ok) {
      if (json) out(JSON.stringify({ ok: false, error: result.reason, message: why[result.reason] }));
      else err(why[result.reason]);
      return 1;
    }
    print(
      { ok: true, order: result.order },
      () => `${done} (order ${result.order.id}, ${escapeControls(result.order.email)}).`,
    );
    return 0;
  };
  try {
    switch (command) {
      case 'orders': {
        const email = option(rest, 'email');
        if (!email) throw new UsageError('orders needs --email <address>');
        if (!EMAIL_PATTERN.test(email)) throw new UsageError(`"${escapeControls(email)}" is not an email address`);
        const orders = await ordersByEmail(io.db, email);
        print(orders, () =>
          orders.length
            ? formatTable(
                ['order', 'placed (UTC)', 'edition', 'status', 'downloads', 'link expires (UTC)', 'revoked'],
                orders.map((o) => [
                  o.id,
                  day(o.created_at),
                  o.edition,
                  o.status,
                  o.downloadsUsed,
                  day(o.linkExpiresAt),
                  o.revoked_at ? day(o.revoked_at) : '',
                ]),
              )
            : `No orders for ${escapeControls(email)}.`,
        );
        return 0;
      }
      case 'resend': {
        const result = await resendLink(io.db, orderIdOf(rest, 'resend'));
        if (result.ok && io.deliver) await io.deliver();
        return changed(result, 'A fresh link was emailed');
      }
      case 'reset-downloads':
        return changed(await resetDownloads(io.db, orderIdOf(rest, 'reset-downloads')), 'Downloads reset to none used');
      case 'revoke':
        return changed(
          await revokeOrder(io.db, orderIdOf(rest, 'revoke')),
          'Every link of the order now stops working',
        );
      case 'stats': {
        const raw = option(rest, 'days') ?? '14';
        const days = Number(raw);
        if (!Number.isInteger(days) || days < 1 || days > 3650)
          throw new UsageError(`--days must be a whole number from 1 to 3650 (got "${escapeControls(raw)}")`);
        const stats = await shopStats(io.db, days);
        print(stats, () =>
          [
            stats.days.length
              ? formatTable(
                  ['day (UTC)', 'edition', 'orders', 'paid'],
                  stats.days.map((d) => [d.day, d.edition, String(d.orders), String(d.paid)]),
                )
              : `No orders in the last ${days} days.`,
            '',
            `Mail queue: ${stats.mailQueue.waiting} waiting (${stats.mailQueue.failing} failing), ${stats.mailQueue.sent} sent.`,
          ].join('\n'),
        );
        return 0;
      }
      case undefined:
      case 'help':
      case '--help':
        out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command "${escapeControls(command)}".`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
}
