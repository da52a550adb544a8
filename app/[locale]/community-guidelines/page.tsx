import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getDocument } from '@/lib/content';
import { site } from '@/lib/site';
import { DocumentView } from '@/components/content/DocumentView';
import { titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('communityGuidelines');

export default async function CommunityGuidelinesPage() {
  const [locale, t] = await Promise.all([getPageLocale(), getTranslations('pages')]);
  const { document, language } = getDocument('community-guidelines', locale);
  return (
    <DocumentView document={document} language={language} title={t('communityGuidelines', { brand: site.brand })} />
  );
}
