import { messagesOf } from '@/lib/i18n/messages-of';
import { StaticImage } from '@/components/ui/StaticImage';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/security/secret';
import { findEdition } from '@/lib/shop/catalogue';
import { findOrder, hasLiveLinks } from '@/lib/shop/orders/orders';
import { downloadFileName, downloadPath, MAX_DOWNLOADS, verifyToken } from '@/lib/shop/delivery/tokens';
import { localizePath } from '@/lib/i18n/paths';
import { Link } from '@/lib/i18n/navigation';
import { site } from '@/lib/site';
import { declarePersonalDocument } from '@/lib/http/document-policy';
import { titleMetadata } from '@/components/layout/TitlePage';
import { ResendLinkButton } from '@/components/shop/ResendLinkButton';
import { ReceiptDetails } from '@/components/shop/ReceiptDetails';
import { KindleForm, kindleOutcome } from '@/components/shop/KindleForm';
import { orderReceipt } from '@/lib/shop/tax/order-receipt';
import buttons from '@/components/ui/button.module.css';
import styles from '@/components/shop/Shop.module.css';

export const generateMetadata = titleMetadata('library', { index: false });

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ kindle?: string | string[] }> };

/**
 * Where the magic link lands: the buyer's cover, a greeting, their two files (the PDF and the
 * EPUB), and "Send to Kindle" (its outcome in `?kindle=`, components/shop/KindleForm.tsx).
 */
export default async function LibraryPage({ params, searchParams }: Props) {
  // The buyer's own order: never kept for other visitors, and the token never leaves as a referrer.
  declarePersonalDocument();
  const [{ token }, { kindle }, t, tEmail, tShop, locale] = await Promise.all([
    params,
    searchParams,
    getTranslations('library'),
    getTranslations('email'),
    getTranslations('shop'),
    getPageLocale(),
  ]);
  const brokenLink = localizePath('/broken-link', locale);
  const check = verifyToken(token, appSecret());
  if (!check.ok && check.reason !== 'expired') redirect(brokenLink);

  let order;
  try {
    order = await findOrder(await getDb(), check.orderId);
  } catch {
    return (
      <div className={`container ${styles.centerPage}`}>
        <h1>{t('title')}</h1>
        <p className={styles.error} role="alert">
          {t('unavailable')}
        </p>
      </div>
    );
  }
  const edition = order ? findEdition(order.edition) : undefined;
  // Paid on a hosted checkout whose confirmation has not arrived yet: not a broken link.
  if (order?.status === 'pending' && !order.revoked_at) {
    return (
      <div className={`container ${styles.centerPage}`}>
        <h1>{t('pendingTitle')}</h1>
        <p className={styles.lead}>{t('pendingBody')}</p>
      </div>
    );
  }
  if (!order || !edition || !hasLiveLinks(order)) redirect(brokenLink);

  if (!check.ok) {
    return (
      <div className={`container ${styles.centerPage}`}>
        <h1>{t('expiredTitle')}</h1>
        <p className={styles.lead}>{t('expiredBody')}</p>
        <ResendLinkButton
          token={token}
          labels={{
            ...messagesOf(t, ['sendNew', 'sending', 'sent']),
            sendFailed: t('sendFailed', { email: site.supportEmail }),
          }}
        />
        <p className={styles.muted}>
          <Link href="/library">{t('findLink')}</Link>
        </p>
      </div>
    );
  }

  const left = Math.max(0, MAX_DOWNLOADS - order.downloads);
  // Both files count against the one limit of the order's downloads.
  const files = [
    { format: 'pdf', label: t('download'), note: t('pdfNote'), button: buttons.primary },
    { format: 'epub', label: t('downloadEpub'), note: t('epubNote'), button: buttons.secondary },
  ] as const;
  return (
    <div className={`container ${styles.centerPage}`}>
      <StaticImage src={edition.cover} alt="" width={600} height={900} priority className={styles.cover} />
      <h1>{t('title')}</h1>
      <p className={styles.greeting}>{t('greeting', { name: order.name })}</p>
      <p className={styles.lead}>{t('body', { edition: edition.label })}</p>
      <p className={styles.muted}>{t('downloadsLeft', { count: left })}</p>
      {left > 0 ? (
        <ul className={styles.formats}>
          {files.map(({ format, label, note, button }) => (
            <li key={format} className={styles.format}>
              <a
                className={button}
                href={downloadPath(token, edition.id, format)}
                download={downloadFileName(edition.id, format)}
              >
                {label}
              </a>
              <p>{note}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {/* After the last download was sent to a Kindle, the page still says it was sent. */}
      {left > 0 || kindleOutcome(kindle) ? (
        <KindleForm token={token} locale={locale} outcome={kindleOutcome(kindle)} canSend={left > 0} />
      ) : null}
      {/* The receipt: what was paid, the VAT it included, the seller, Stripe's invoice (issue 49 C). */}
      <ReceiptDetails title={tEmail('receipt')} rows={await orderReceipt(order, locale)} />
      {order.provider === 'demo' ? <p className={styles.muted}>{tShop('demoNotice')}</p> : null}
    </div>
  );
}
