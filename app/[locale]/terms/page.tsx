import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getTerms } from '@/lib/content';
import { sanitizeHtml } from '@/lib/security/sanitize-html';
import { titleMetadata } from '@/components/layout/TitlePage';
import { EnglishOnlyNote } from '@/components/content/EnglishOnlyNote';
import prose from '@/components/content/Prose.module.css';
import styles from '@/components/content/ContentPage.module.css';
import { ContentError } from '@/components/content/ContentError';

export const generateMetadata = titleMetadata('terms');

/** The terms body: fetched at request time, only the body of the HTML kept, sanitized. */
async function TermsBody() {
  const locale = await getPageLocale();
  const [result, t] = await Promise.all([getTerms(locale), getTranslations()]);
  if (!result.ok) {
    return <ContentError>{t('errors.terms')}</ContentError>;
  }
  const html = sanitizeHtml(result.data.html);
  if (!html) return <p className={styles.empty}>{t('terms.empty')}</p>;
  const foreign = result.data.language !== locale;
  return (
    <>
      {foreign ? <EnglishOnlyNote /> : null}
      {/* Safe: sanitizeHtml is an allowlist sanitizer (lib/security/sanitize-html.ts). */}
      <div
        className={prose.prose}
        lang={foreign ? result.data.language : undefined}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

export default async function TermsPage() {
  const t = await getTranslations();
  return (
    <div className={`container ${styles.page}`}>
      <h1>{t('pages.terms')}</h1>
      {/* Awaited in place: a document load never shows a loading state (a slow backend times out at 3 s into the error message). */}
      <TermsBody />
    </div>
  );
}
