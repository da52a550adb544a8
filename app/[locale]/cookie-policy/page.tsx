import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getDocument } from '@/lib/content';
import { DocumentView } from '@/components/content/DocumentView';
import { titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('cookiePolicy');

export default async function CookiePolicyPage() {
  const [locale, t] = await Promise.all([getPageLocale(), getTranslations('pages')]);
  const { document, language } = getDocument('cookies', locale);
  return <DocumentView document={document} language={language} title={t('cookiePolicy')} />;
}
