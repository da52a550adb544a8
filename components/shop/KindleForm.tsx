import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { MAIL_FROM_ADDRESS } from '@/lib/mail/sender';
import { KINDLE_APPROVAL_URL } from '@/lib/shop/delivery/kindle-address';
import { site } from '@/lib/site';
import buttons from '@/components/ui/button.module.css';
import shop from './Shop.module.css';
import styles from './KindleForm.module.css';

/** What the route said (app/api/kindle/[token]: `?kindle=` on the way back), each a message of the `kindle` namespace. */
type FieldError = 'kindleRequired' | 'kindleInvalid' | 'kindleDomain';
type OtherError = 'limited' | 'exhausted' | 'tooLarge' | 'unavailable';
const FIELD_ERRORS: readonly FieldError[] = ['kindleRequired', 'kindleInvalid', 'kindleDomain'];
const OTHER_ERRORS: readonly OtherError[] = ['limited', 'exhausted', 'tooLarge', 'unavailable'];
type Outcome = 'sent' | FieldError | OtherError;

/** An address the route refused: said by the field. */
const isFieldError = (value: unknown): value is FieldError => FIELD_ERRORS.some((key) => key === value);
/** Anything else that stopped the copy: said above the form. */
const isOtherError = (value: unknown): value is OtherError => OTHER_ERRORS.some((key) => key === value);
/** The `?kindle=` of the library page's address, if it is one the route gives. */
export const kindleOutcome = (value: unknown): Outcome | undefined =>
  value === 'sent' || isFieldError(value) || isOtherError(value) ? value : undefined;

/**
 * "Send to Kindle" on the library page: a plain HTML form (it works without JavaScript) that posts
 * to the Kindle route, which comes back here with the outcome. Beside the form, and again in its
 * confirmation, the sender to approve at Amazon: without that, Amazon drops the email silently.
 */
export async function KindleForm({
  token,
  locale,
  outcome,
  canSend,
}: {
  token: string;
  locale: Locale;
  outcome: Outcome | undefined;
  /** The order has a download left: each copy sent counts as one. */
  canSend: boolean;
}) {
  const t = await getTranslations('kindle');
  return (
    <section id="kindle" className={styles.kindle} aria-labelledby="kindle-title">
      <h2 id="kindle-title">{t('title')}</h2>
      {outcome === 'sent' ? (
        <p className={`${shop.notice} ${styles.address}`} role="status">
          {t('sent', { sender: MAIL_FROM_ADDRESS })}
        </p>
      ) : null}
      {isOtherError(outcome) ? (
        <p className={shop.error} role="alert">
          {t(outcome, { email: site.supportEmail })}
        </p>
      ) : null}
      <p>{t('intro')}</p>
      <p className={`${styles.approve} ${styles.address}`}>
        {t('approve', { sender: MAIL_FROM_ADDRESS })}{' '}
        <a href={KINDLE_APPROVAL_URL} rel="noopener noreferrer" hrefLang="en">
          {t('approveLink')}
        </a>
      </p>
      {canSend ? (
        <form
          className={`${shop.form} ${styles.form}`}
          method="post"
          action={`/api/kindle/${encodeURIComponent(token)}?locale=${locale}`}
        >
          <div className={shop.field}>
            <label htmlFor="kindle-address">{t('label')}</label>
            <input
              id="kindle-address"
              name="kindle"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              inputMode="email"
              spellCheck={false}
              dir="ltr"
              className={shop.input}
              aria-invalid={isFieldError(outcome) ? true : undefined}
              aria-describedby={isFieldError(outcome) ? 'kindle-hint kindle-error' : 'kindle-hint'}
            />
            <p id="kindle-hint" className={shop.hint}>
              {t('hint')}
            </p>
            {isFieldError(outcome) ? (
              <p id="kindle-error" className={shop.error} role="alert">
                {t(outcome)}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${buttons.secondary} ${shop.submit}`}>
            {t('submit')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
