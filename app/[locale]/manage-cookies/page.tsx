import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getDocument } from '@/lib/content';
import { DocumentView } from '@/components/content/DocumentView';
import { titleMetadata } from '@/components/layout/TitlePage';
import { OpenPreferencesButton } from '@/components/consent/OpenPreferencesButton';
import buttons from '@/components/ui/button.module.css';

export const generateMetadata = titleMetadata('manageCookies');

/** Renders the Cookies Policy text, as /cookie-policy does; here the visitor can also reopen their preferences. */
export default async function ManageCookiesPage() {
  const [locale, t] = await Promise.all([getPageLocale(), getTranslations()]);
  const { document, language } = getDocument('cookies', locale);
  return (
    <DocumentView
      document={document}
      language={language}
      title={t('pages.cookiePolicy')}
      before={<OpenPreferencesButton label={t('consent.manage')} className={buttons.primary} />}
    />
  );
}
