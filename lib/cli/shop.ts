import type { Db } from '@/lib/db/client';
import { EMAIL_PATTERN } from '@/lib/shop/checkout/purchase-schema';
import {
  ordersByEmail,
  resendLink,
  resetDownloads,
  refundOrder,
  revokeOrder,
  shopStats,
  type Refunder,
  type ChangeResult,
  flaggedOrders,
  type OrderSummary,
} from '@/lib/shop/orders/operations';
import { formatTable } from './table';
import { majorUnits, quarterBounds, vatReport, vatReportCsv, type VatReport } from '@/lib/shop/tax/vat-report';
import { escapeControls } from './terminal-text';
import { notifyUpdate } from '@/lib/shop/delivery/update-notices';

/**
 * `npm run shop -- <command>`: support work on whichever database the environment points at.
 * Tables for people, `--json` for scripts; exit code 0 done, 1 not possible (no such order…),
 * 2 the command itself is wrong.
 */
export const USAGE = `Usage: npm run shop -- <command> [--json]

  orders --email <address>    the orders of an address, with downloads used, link expiry and tax
  orders --flagged            paid orders whose tax is not known (paid without Stripe Tax's details)
  resend <orderId>            email a fresh link for the order
  reset-downloads <orderId>   give the order all its downloads again
  revoke <orderId>            stop every link of the order at once (a refund)
  notify-update --edition <id>
                              email every buyer of the edition that its revised book is in their library,
                              once per revision (queued: the mail worker sends them, 30 a minute)
  refund <orderId>            refund a paid order in full at Stripe, record the VAT it gives back, stop its links
  vat-report --quarter <YYYY-Qn> [--format csv|json]
                              per country and rate: sales, net, VAT and gross of the quarter, refunds netted (OSS)
  stats [--days <n>]          orders per day and edition (last 14 days), and the mail queue
  backup <file>               the orders, downloads, mail queue and lookups, as of one moment (gzip'd NDJSON)
  restore <file> [--merge]    a backup into this database (one without orders; --merge adds what is not here)
  purge-cache                 empty nginx's cache of shareable documents (NGINX_CACHE_DIR)`;

export type ShopIo = {
  db: Db;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Sends whatever email is due (after `resend`); resolves with how many went out. */
  deliver?: () => Promise<number>;
  /** Refunds at the payment provider (Stripe mode only). */
  refunder?: Refunder;
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

/** An order's tax in one cell: the VAT and rate, a reverse charge, or the flag of a sale without tax details. */
function taxCell(o: OrderSummary): string {
  if (o.tax_status === 'missing') return 'FLAGGED: paid without tax details';
  if (o.tax_status !== 'computed') return o.tax_status ?? '';
  const where = o.tax_jurisdiction ?? o.buyer_country ?? '?';
  if (o.taxability_reason === 'reverse_charge') return `reverse charge ${where} ${o.buyer_tax_id ?? ''}`.trimEnd();
  return `${majorUnits(o.amount_tax ?? 0, o.currency)} ${o.currency.toUpperCase()} at ${(o.tax_rate_bp ?? 0) / 100}% ${where}`;
}

function vatReportTable(report: VatReport): string {
  const table = report.rows.length
    ? formatTable(
        ['country', 'currency', 'treatment', 'rate', 'sales', 'refunds', 'net', 'VAT', 'gross'],
        report.rows.map((r) => [
          r.country,
          r.currency.toUpperCase(),
          r.treatment,
          `${r.rateBp / 100}%`,
          String(r.sales),
          String(r.refunds),
          majorUnits(r.net, r.currency),
          majorUnits(r.vat, r.currency),
          majorUnits(r.gross, r.currency),
        ]),
      )
    : `No taxed sales or refunds in ${report.quarter}.`;
  const flagged = report.flagged.length
    ? `\n\n${report.flagged.length} paid order(s) have no tax details and are not in the figures above (npm run shop -- orders --flagged):\n` +
      report.flagged
        .map((f) => `  ${f.orderId}  ${day(f.paidAt)}  ${majorUnits(f.gross, f.currency)} ${f.currency.toUpperCase()}`)
        .join('\n')
    : '';
  return `VAT report ${report.quarter} (${day(report.from)} to ${day(report.to)} UTC, refunds netted in the quarter they were made)\n\n${table}${flagged}`;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

const why: Record<Exclude<ChangeResult, { ok: true }>['reason'], string> = {
  not_found: 'There is no order with that id.',
  not_paid: 'That order is not paid, so it has no links.',
  revoked: 'That order’s links were revoked; it gets no new ones.',
  not_refundable: 'That order took no money (a demo order): nothing to refund. Use revoke to stop its links.',
  no_provider: 'This shop is not configured for Stripe (PAYMENT_PROVIDER=stripe), so it cannot refund.',
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
        const flagged = rest.includes('--flagged');
        const email = flagged ? undefined : option(rest, 'email');
        if (!flagged && !email) throw new UsageError('orders needs --email <address> or --flagged');
        if (email && !EMAIL_PATTERN.test(email))
          throw new UsageError(`"${escapeControls(email)}" is not an email address`);
        const orders = email ? await ordersByEmail(io.db, email) : await flaggedOrders(io.db);
        print(orders, () =>
          orders.length
            ? formatTable(
                ['order', 'placed (UTC)', 'edition', 'status', 'downloads', 'link expires (UTC)', 'revoked', 'tax'],
                orders.map((o) => [
                  o.id,
                  day(o.created_at),
                  o.edition,
                  o.status,
                  o.downloadsUsed,
                  day(o.linkExpiresAt),
                  o.revoked_at ? day(o.revoked_at) : '',
                  taxCell(o),
                ]),
              )
            : email
              ? `No orders for ${escapeControls(email)}.`
              : 'No flagged orders: every paid order has its tax details.',
        );
        return 0;
      }
      case 'vat-report': {
        const quarter = option(rest, 'quarter');
        if (!quarter) throw new UsageError('vat-report needs --quarter <YYYY-Qn> (for example 2026-Q4)');
        if (!quarterBounds(quarter))
          throw new UsageError(`--quarter must look like 2026-Q4 (got "${escapeControls(quarter)}")`);
        const format = option(rest, 'format') ?? (json ? 'json' : 'table');
        if (!['csv', 'json', 'table'].includes(format))
          throw new UsageError(`--format must be csv or json (got "${escapeControls(format)}")`);
        const report = await vatReport(io.db, quarter);
        if (format === 'json') out(JSON.stringify(report, null, 2));
        else if (format === 'csv') out(vatReportCsv(report).trimEnd());
        else out(vatReportTable(report));
        // The flagged sales are in every format's output; the operator also hears of them here.
        if (report.flagged.length && format !== 'table')
          err(
            `${report.flagged.length} paid order(s) of ${quarter} have no tax details: npm run shop -- orders --flagged`,
          );
        return 0;
      }
      case 'resend': {
        const result = await resendLink(io.db, orderIdOf(rest, 'resend'));
        if (result.ok && io.deliver) await io.deliver();
        return changed(result, 'A fresh link was emailed');
      }
      case 'notify-update': {
        const edition = option(rest, 'edition');
        if (!edition) throw new UsageError('notify-update needs --edition <id> (for example --edition en)');
        const result = await notifyUpdate(io.db, edition);
        if (!result.ok) {
          if (json) out(JSON.stringify({ ok: false, error: result.reason, message: result.message }));
          else err(result.message);
          return 1;
        }
        // Queued, never sent here: whichever server runs the mail worker sends them (lib/shop/delivery/mail-worker.ts).
        print(result, () =>
          result.queued
            ? `Queued ${result.queued} email(s) to buyers of the ${result.edition} edition about revision ${result.revision}; the mail worker sends them.`
            : `No buyer of the ${result.edition} edition is waiting to hear of revision ${result.revision}: nothing queued.`,
        );
        return 0;
      }
      case 'reset-downloads':
        return changed(await resetDownloads(io.db, orderIdOf(rest, 'reset-downloads')), 'Downloads reset to none used');
      case 'revoke':
        return changed(
          await revokeOrder(io.db, orderIdOf(rest, 'revoke')),
          'Every link of the order now stops working',
        );
      case 'refund':
        return changed(
          await refundOrder(io.db, orderIdOf(rest, 'refund'), io.refunder),
          'Refunded in full; every link of the order now stops working',
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
