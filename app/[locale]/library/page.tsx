import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { titleMetadata } from '@/components/layout/TitlePage';
import buttons from '@/components/ui/button.module.css';
import styles from '@/components/shop/Shop.module.css';

export const generateMetadata = titleMetadata('findPurchases', { index: false });

type Props = { searchParams: Promise<{ sent?: string; error?: string }> };

/**
 * /library: "Find my purchases". A plain HTML form (it works without JavaScript) that posts to
 * POST /api/library/lookup, which answers the same whether or not the address bought anything
 * and sends the links by email (never to the page).
 */
export default async function FindPurchasesPage({ searchParams }: Props) {
  const [{ sent, error }, t, locale] = await Promise.all([searchParams, getTranslations('library'), getPageLocale()]);
  const problem = error === 'invalid' ? t('findInvalid') : error === 'limited' ? t('findLimited') : undefined;
  return (
    <div className={`container ${styles.centerPage}`}>
      <h1>{t('findTitle')}</h1>
      <p className={styles.lead}>{t('findIntro')}</p>
      {sent === '1' ? (
        <p className={styles.notice} role="status">
          {t('findSent')}
        </p>
      ) : null}
      {/* The language goes in the address: the route answers a client past its limit before reading the body. */}
      <form
        className={`${styles.form} ${styles.lookupForm}`}
        method="post"
        action={`/api/library/lookup?locale=${locale}`}
      >
        <div className={styles.field}>
          <label htmlFor="lookup-email">{t('findEmail')}</label>
          <input
            id="lookup-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            inputMode="email"
            className={styles.input}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'lookup-error' : undefined}
          />
          {problem ? (
            <p id="lookup-error" className={styles.error} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <button type="submit" className={`${buttons.primary} ${styles.submit}`}>
          {t('findSubmit')}
        </button>
      </form>
    </div>
  );
}
