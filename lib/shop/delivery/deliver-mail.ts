import type { Db } from '@/lib/db/client';
import { buildMagicLinkEmail } from '@/lib/mail/magic-link';
import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/locales';
import { localizePath } from '@/lib/i18n/paths';
import { loadMessages } from '@/lib/i18n/messages';
import type { Seller } from '@/lib/env';
import { buildLookupEmail } from '@/lib/mail/purchases-email';
import { liveOrdersOf } from './purchase-lookup';
import type { OutgoingMail } from '@/lib/mail/transport';
import { findEdition } from '../catalogue';
import { findOrder, hasLiveLinks } from '../orders/orders';
import { downloadFileName, libraryPath, signToken } from './tokens';
import { buildKindleEmail } from '@/lib/mail/kindle-email';
import { buildUpdateEmail } from '@/lib/mail/update-email';
import { stampedEpub } from '../book/base-epubs';
import { stampOnce } from '../stamp/queue';
import { KINDLE_MAX_BYTES } from './kindle-address';
import { metrics } from '@/lib/metrics/registry';
import { contextOf, inSpan } from '@/lib/tracing/tracer';
import {
  claimDueMail,
  giveBackMail,
  MAIL_BATCH,
  markMailSent,
  rescheduleMail,
  retryDelaySeconds,
  type QueuedMail,
} from './mail-queue';

/** At most this many claims (of MAIL_BATCH each) per pass: 500 messages, then the next pass. */
const MAX_BATCHES_PER_PASS = 25;

/** The page a magic link opens, in the email's language (the URL decides a page's language). */
const libraryUrl = (siteUrl: string, token: string, locale: Locale) =>
  `${siteUrl}${localizePath(libraryPath(token), locale)}`;

/**
 * Sends every due email in the queue. Rows are claimed first (pushed into the future in
 * the same statement), so two processes never send the same message; a failure is
 * rescheduled with backoff and retried until it goes through. Nothing is lost: an order's
 * email stays queued until an SMTP server accepts it. Once `stopping()` says so (the server is
 * shutting down), the message being sent finishes and the rows not yet tried are given back,
 * due at once, for another process to send.
 */
export async function deliverPendingMail(
  db: Db,
  options: {
    siteUrl: string;
    secret: string;
    send: (mail: OutgoingMail) => Promise<unknown>;
    now?: number;
    firstRetrySeconds?: number;
    stopping?: () => boolean;
    /** Who sells, named on receipts (SELLER_*). */
    seller?: Seller;
  },
): Promise<{ sent: number; failed: number; givenBack?: number }> {
  let sent = 0;
  let failed = 0;
  // Claim after claim while they come back full: a backlog (an SMTP outage that ended, a busy
  // hour) drains now, not a batch per retry tick. Bounded, so one pass never runs unboundedly long.
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
    const rows = await claimDueMail(db);
    for (const [index, row] of rows.entries()) {
      if (options.stopping?.()) {
        const rest = rows.slice(index).map((left) => left.id);
        await giveBackMail(db, rest);
        return { sent, failed, givenBack: rest.length };
      }
      // Tracing on: a span of the trace of the request that queued it (mail-queue.ts), however much later.
      const attributes = { 'amora.mail.kind': row.kind, 'amora.mail.attempt': row.attempts };
      await inSpan(
        'deliver mail',
        attributes,
        async () => {
          try {
            const mail = await mailOf(db, row, options);
            // A lookup whose orders were all revoked since it was asked has nothing left to send.
            if (mail) await inSpan('smtp send', {}, () => options.send(mail));
            await markMailSent(db, row.id);
            sent += 1;
            countDelivery(row, 'sent');
          } catch (error) {
            failed += 1;
            countDelivery(row, 'failed');
            await rescheduleMail(db, row.id, error, retryDelaySeconds(row.attempts, options.firstRetrySeconds));
            // Kept queued, and the span says it failed.
            throw new MailRefused(error);
          }
        },
        contextOf(row.traceparent),
      ).catch((error: unknown) => {
        if (!(error instanceof MailRefused)) throw error;
      });
    }
    if (rows.length < MAIL_BATCH || options.stopping?.()) break;
  }
  return { sent, failed };
}

/** A refused email, rescheduled: its span is marked failed (by the refusal's class), and the pass goes on to the next one. */
class MailRefused extends Error {
  constructor(refusal: unknown) {
    super('The email was refused; it stays queued');
    this.name = refusal instanceof Error ? refusal.name : 'MailRefused';
  }
}

/** An email handed to SMTP (amora_mail_deliveries_total): sent, or failed and rescheduled. */
const countDelivery = (row: QueuedMail, result: 'sent' | 'failed') =>
  metrics()?.mailDeliveries.inc({ kind: MAIL_KINDS.includes(row.kind) ? row.kind : 'magic-link', result });
const MAIL_KINDS: readonly string[] = ['magic-link', 'lookup', 'kindle', 'update'];

/** The email a row sends, built when it is sent (a fresh link, a freshly stamped copy); none: nothing left to send. */
async function mailOf(db: Db, row: QueuedMail, options: Signing): Promise<OutgoingMail | undefined> {
  switch (row.kind) {
    case 'lookup':
      return lookupMail(db, row, options);
    case 'kindle':
    case 'update': {
      // Revoked since it was queued (a refund): no copy and no news of one goes out any more.
      const order = await findOrder(db, row.order_id);
      if (!order || !hasLiveLinks(order)) return undefined;
      return row.kind === 'kindle' ? kindleMail(row) : updateMail(row, options);
    }
    default:
      return magicLinkMail(row, options);
  }
}

type Signing = { siteUrl: string; secret: string; now?: number; seller?: Seller };
const editionLabel = (edition: string) => findEdition(edition)?.label ?? edition;
// The language of the page the order was placed on (orders stored before it was kept: English).
const localeOf = (row: QueuedMail) => (isLocale(row.locale) ? row.locale : defaultLocale);

async function magicLinkMail(row: QueuedMail, options: Signing) {
  const { token, expiresAt } = signToken(row.order_id, options.secret, options.now);
  const locale = localeOf(row);
  return buildMagicLinkEmail(
    {
      to: row.email,
      name: row.name,
      editionLabel: editionLabel(row.edition),
      link: libraryUrl(options.siteUrl, token, locale),
      orderId: row.order_id,
      expiresAt: new Date(expiresAt),
      demo: row.provider === 'demo',
      receipt: {
        orderedAt: new Date(row.created_at),
        amountCents: Number(row.amount_cents),
        currency: row.currency,
        paymentMethod: row.payment_method,
        cardLast4: row.card_last4,
        seller: options.seller,
        tax: {
          paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
          tax_status: row.tax_status,
          amount_gross: row.amount_gross === null ? null : Number(row.amount_gross),
          amount_tax: row.amount_tax === null ? null : Number(row.amount_tax),
          amount_discount: row.amount_discount === null ? null : Number(row.amount_discount),
          promotion_code: row.promotion_code,
          taxability_reason: row.taxability_reason,
          tax_rate_bp: row.tax_rate_bp === null ? null : Number(row.tax_rate_bp),
          tax_jurisdiction: row.tax_jurisdiction,
          buyer_country: row.buyer_country,
          buyer_tax_id: row.buyer_tax_id,
          invoice_url: row.invoice_url,
          invoice_pdf: row.invoice_pdf,
        },
      },
    },
    locale,
    await loadMessages(locale),
  );
}

/** Every order the address has when the email is sent, each with a fresh link. */
async function lookupMail(db: Db, row: QueuedMail, options: Signing) {
  const orders = await liveOrdersOf(db, row.email);
  if (!orders.length) return undefined;
  const locale = localeOf(row);
  return buildLookupEmail(
    {
      to: row.email,
      orders: orders.map((order) => ({
        orderId: order.id,
        editionLabel: editionLabel(order.edition),
        date: new Date(order.created_at),
        link: libraryUrl(options.siteUrl, signToken(order.id, options.secret, options.now).token, locale),
      })),
    },
    locale,
    await loadMessages(locale),
  );
}

/**
 * A Send to Kindle copy: the buyer's EPUB, stamped now as a download is (the queue names the order
 * and the address, not megabytes of file: lib/shop/delivery/mail-queue.ts), to the address the
 * buyer gave. Stamped within the process's stamping limit, shared with a download of the same copy.
 */
async function kindleMail(row: QueuedMail): Promise<OutgoingMail> {
  const edition = findEdition(row.edition);
  if (!edition || !row.recipient) throw new Error('A Send to Kindle email has no edition or no address');
  const buyer = { name: row.name, email: row.email, orderId: row.order_id };
  const epub = await stampOnce(`${row.order_id}:${edition.id}:epub`, () => stampedEpub(edition, buyer));
  // Checked when it was asked for (kindle.ts); a copy over Amazon's limit is never handed to SMTP.
  if (epub.byteLength > KINDLE_MAX_BYTES) throw new Error('The EPUB is larger than Send to Kindle accepts');
  const locale = localeOf(row);
  return buildKindleEmail(
    {
      to: row.recipient,
      editionLabel: edition.label,
      fileName: downloadFileName(edition.id, 'epub'),
      epub,
      orderId: row.order_id,
    },
    locale,
    await loadMessages(locale),
  );
}

/** Word of a revised edition (npm run shop -- notify-update), with a fresh link to the buyer's library. */
async function updateMail(row: QueuedMail, options: Signing): Promise<OutgoingMail> {
  const { token, expiresAt } = signToken(row.order_id, options.secret, options.now);
  const locale = localeOf(row);
  return buildUpdateEmail(
    {
      to: row.email,
      name: row.name,
      editionLabel: editionLabel(row.edition),
      link: libraryUrl(options.siteUrl, token, locale),
      expiresAt: new Date(expiresAt),
      orderId: row.order_id,
    },
    locale,
    await loadMessages(locale),
  );
}
