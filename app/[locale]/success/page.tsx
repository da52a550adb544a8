import { cookies, headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { Link } from '@/lib/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/request-headers';
import { declarePersonalDocument } from '@/lib/http/document-policy';
import { orderStatusOf, type OrderStatusView } from '@/lib/shop/checkout/confirmation';
import { successStateOf } from '@/lib/shop/checkout/success-state';
import { editionViews } from '@/lib/shop/checkout/edition-views';
import { titleMetadata } from '@/components/layout/TitlePage';
import { PaymentWatcher } from '@/components/shop/PaymentWatcher';
import { SuccessView } from '@/components/shop/SuccessView';
import { ReceiptDetails } from '@/components/shop/ReceiptDetails';
import { findOrder } from '@/lib/shop/orders/orders';
import { orderReceipt } from '@/lib/shop/tax/order-receipt';
import type { ReceiptRow } from '@/lib/shop/tax/receipt';
import { RECEIPT_COOKIE, receiptCookieOpens } from '@/lib/shop/checkout/receipt-cookie';
import { appSecret } from '@/lib/security/secret';
import buttons from '@/components/ui/button.module.css';
import styles from '@/components/shop/Shop.module.css';

export const generateMetadata = titleMetadata('success', { index: false });

type Props = { searchParams: Promise<{ order?: string | string[] }> };

/**
 * /success. A buyer back from a hosted checkout (`?order={id}`) sees the order as the payment
 * provider has it: confirming (polled), paid (the download), or refunded, failed and expired (a way back).
 * Without `order` (the demo shop: no payment call is made), the purchase was paid when it was placed.
 */
export default async function SuccessPage({ searchParams }: Props) {
  const [{ order: orderParam }, t, tLibrary, tEmail, locale] = await Promise.all([
    searchParams,
    getTranslations('success'),
    getTranslations('library'),
    getTranslations('email'),
    getPageLocale(),
  ]);
  const findPurchases = (
    <p className={styles.muted}>
      <Link href="/library">{tLibrary('findLink')}</Link>
    </p>
  );
  const orderId = typeof orderParam === 'string' ? orderParam : undefined;
  let receipt: ReceiptRow[] | undefined;
  if (orderId) {
    // One buyer's order: never kept for anyone else.
    declarePersonalDocument();
    // Counted with the status route's polls: past the limit, the stored state without asking Stripe
    // (docs/security.md, second review: `/success?order=` called Stripe on every render).
    const client = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
    let order: (Omit<OrderStatusView, 'edition'> & { edition?: string }) | undefined;
    try {
      order = await orderStatusOf(await getDb(), orderId, { client });
    } catch {
      order = { status: 'pending', revoked: false };
    }
    const state = successStateOf(order);
    if (state !== 'paid') {
      return (
        <div className={`container ${styles.centerPage}`}>
          <h1>{t(`${state}Title`)}</h1>
          {state === 'confirming' ? (
            <>
              <PaymentWatcher orderId={orderId} label={t('confirmingBody')} />
              {/* Without JavaScript nothing polls: the same page, asked again, shows the news. */}
              <a className={buttons.secondary} href={`?order=${encodeURIComponent(orderId)}`}>
                {t('checkAgain')}
              </a>
            </>
          ) : (
            <>
              <p className={styles.lead}>{t(`${state}Body`)}</p>
              <Link
                className={buttons.primary}
                href={order?.edition ? `/the-love-blueprint/${order.edition}` : '/the-love-blueprint'}
              >
                {t('backToPurchase')}
              </Link>
              {findPurchases}
            </>
          )}
        </div>
      );
    }
    // Paid: its receipt, with the VAT Stripe Tax computed (issue 49 C), for the browser that placed the
    // order only (lib/shop/checkout/receipt-cookie.ts); anyone else holding the id sees that it is paid.
    const receiptKey = (await cookies()).get(RECEIPT_COOKIE)?.value;
    if (receiptCookieOpens(orderId, receiptKey, appSecret())) {
      try {
        const paid = await findOrder(await getDb(), orderId);
        if (paid?.status === 'paid') receipt = await orderReceipt(paid, locale);
      } catch {
        receipt = undefined;
      }
    }
  }
  return (
    <div className={`container ${styles.centerPage}`}>
      <h1>{t('title')}</h1>
      <p className={styles.lead}>{t('body')}</p>
      <SuccessView
        editions={await editionViews(locale)}
        labels={{
          goToDownload: t('goToDownload'),
          dialogTitle: t('dialogTitle'),
          greeting: t('greeting', { name: '{name}' }),
          magicLink: t('magicLink', { email: '{email}' }),
          download: t('download'),
          downloading: t('downloading'),
          close: t('close'),
          noDetails: t('noDetails'),
          downloaded: t('downloaded'),
        }}
      />
      {receipt ? <ReceiptDetails title={tEmail('receipt')} rows={receipt} /> : null}
      {findPurchases}
    </div>
  );
}
