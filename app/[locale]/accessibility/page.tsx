import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getDocument } from '@/lib/content';
import { DocumentView } from '@/components/content/DocumentView';
import { titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('accessibility');

/** The accessibility statement (European Accessibility Act): its text is content/documents/{locale}/accessibility.json. */
export default async function AccessibilityPage() {
  const [locale, t] = await Promise.all([getPageLocale(), getTranslations('pages')]);
  const { document, language } = getDocument('accessibility', locale);
  return <DocumentView document={document} language={language} title={t('accessibility')} />;
}
