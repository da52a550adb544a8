import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/components/layout/StatusPage';

// Not PageNotFound: Next renders this boundary into every page's payload, so it must not declare a 404.
// Unknown paths, articles, topics and editions render PageNotFound or ArticleNotFound in place instead.
export default async function NotFound() {
  const t = await getTranslations();
  return (
    <StatusPage
      eyebrow={t('notFound.code')}
      title={t('notFound.title')}
      body={t('notFound.body')}
      homeLabel={t('common.goHome')}
      tone="neutral"
    />
  );
}
