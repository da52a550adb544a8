import 'server-only';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { site } from '@/lib/site';
import { findEdition } from '../catalogue';
import type { Order } from '../orders/orders';
import { receiptRows, type ReceiptRow } from './receipt';

/** A stored order's receipt lines for a page, in its language, naming this shop's seller (SELLER_*). */
export async function orderReceipt(order: Order, locale: Locale): Promise<ReceiptRow[]> {
  return receiptRows(order, {
    locale,
    messages: await loadMessages(locale),
    editionLabel: findEdition(order.edition)?.label ?? order.edition,
    seller: env().seller,
    fallbackSeller: `${site.brand} · ${site.supportEmail}`,
  });
}
