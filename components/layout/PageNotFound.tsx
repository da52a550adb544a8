import { getTranslations } from 'next-intl/server';
import { declareNotFound } from '@/lib/http/document-policy';
import { StatusPage } from './StatusPage';

/** "Page not found", whole in the first HTML, answered with status 404 (the front door reads the declaration). */
export async function PageNotFound() {
  declareNotFound();
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
