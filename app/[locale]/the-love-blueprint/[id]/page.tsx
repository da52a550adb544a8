import { messagesOf } from '@/lib/i18n/messages-of';
import { isolateForDirection } from '@/lib/i18n/locales';
import { StaticImage } from '@/components/ui/StaticImage';
import { PageNotFound } from '@/components/layout/PageNotFound';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { editions, findEdition, formatPrice } from '@/lib/shop/catalogue';
import { purchaseErrorText, type PurchaseErrorKey } from '@/lib/shop/checkout/purchase-schema';
import { Link } from '@/lib/i18n/navigation';
import { ShopJsonLd } from '@/components/seo/ShopJsonLd';
import { titleMetadata } from '@/components/layout/TitlePage';
import { PurchaseForm } from '@/components/shop/PurchaseForm';
import { isHostedCheckout } from '@/lib/shop/payments/provider';
import styles from '@/components/shop/Shop.module.css';
import { BackLink } from '@/components/ui/BackLink';
import { VatWording } from '@/components/shop/VatWording';
import { samplePagePath } from '@/lib/shop/sample-links';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ checkout?: string | string[] }> };

export const generateMetadata = titleMetadata('purchase');

export default async function PurchasePage({ params, searchParams }: Props) {
  const [{ id }, { checkout }] = await Promise.all([params, searchParams]);
  // Stripe sends a buyer who cancels back here; the form still holds what they typed.
  const cancelled = checkout === 'cancelled';
  // The form was sent before (or without) the page's script: nothing was ordered.
  const scriptNeeded = checkout === 'script-needed';
  const hosted = isHostedCheckout();
  const edition = findEdition(id);
  if (!edition) return <PageNotFound />;
  const [t, sample, locale] = await Promise.all([getTranslations('shop'), getTranslations('sample'), getPageLocale()]);
  const price = formatPrice(edition, locale, t('notAvailable'));
  const errors = Object.fromEntries(
    (Object.keys(purchaseErrorText) as PurchaseErrorKey[]).map((key) => [key, t(`errors.${key}`)]),
  ) as Record<PurchaseErrorKey, string>;

  return (
    <div className={`container ${styles.purchase}`}>
      <ShopJsonLd editionId={edition.id} />
      <div className={styles.summary}>
        <p>
          <BackLink href="/the-love-blueprint">{t('goBack')}</BackLink>
        </p>
        <StaticImage
          src={edition.cover}
          alt={t('coverAlt', { label: edition.label })}
          width={600}
          height={900}
          priority
          className={styles.cover}
        />
        <h1>{t('headline')}</h1>
        <p className={styles.muted}>{t('languageFor', { label: edition.label })}</p>
        {/* The label carries its language's colon ("Aussi disponible en :", "ほかの言語版："), and names the list. */}
        <nav aria-labelledby="other-editions" className={styles.otherEditions}>
          <span id="other-editions">{t('otherEditions')}</span>
          <ul>
            {editions
              .filter((other) => other.id !== edition.id)
              .map((other) => (
                <li key={other.id}>
                  <Link href={`/the-love-blueprint/${other.id}`} lang={other.language} prefetch={false}>
                    {other.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <p className={styles.priceTag} data-testid="price">
          <span className="visually-hidden">{t('priceLabel')}: </span>
          {price}
          {/* Only a real price includes VAT; "N/A" says nothing about tax. */}
          {edition.price ? (
            <>
              {' '}
              <VatWording text={t('vatIncluded')} />
            </>
          ) : null}
        </p>
        <p className={styles.formatsNote}>{t('formats')}</p>
        <p>
          <Link href={samplePagePath(edition.id)} prefetch={false} data-testid="sample-link">
            {sample('readFree')}
          </Link>
        </p>
      </div>
      <div className={styles.card}>
        <h2>{t('formTitle')}</h2>
        {cancelled ? (
          <p className={styles.notice} role="status">
            {t('checkoutCancelled')}
          </p>
        ) : null}
        {scriptNeeded ? (
          <p className={styles.notice} role="alert">
            {t('scriptNeeded')}
          </p>
        ) : null}
        <PurchaseForm
          editionId={edition.id}
          locale={locale}
          hostedCheckout={hosted}
          cancelled={cancelled}
          labels={{
            ...messagesOf(t, [
              'name',
              'email',
              'emailHint',
              'paymentMethod',
              'card',
              'paypal',
              'cardNumber',
              'cardHint',
              'acceptDelivery',
              'purchase',
              'submitted',
              'confirmTitle',
              'confirm',
              'cancel',
              'processing',
              'redirecting',
            ]),
            confirmBody: t('confirmBody', { price: isolateForDirection(price, locale) }),
            // Beside SPEC.md's sentence, never inside it.
            vatIncluded: edition.price ? t('vatIncluded') : undefined,
            // Beside the Purchase button: what happens to the money, whichever provider takes it.
            paymentNotice: hosted ? t('hostedPaymentNote') : t('demoNotice'),
            errors,
          }}
        />
        <p className={styles.hint}>{t('secureNote')}</p>
      </div>
    </div>
  );
}
