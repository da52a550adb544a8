import { getTranslations } from 'next-intl/server';
import { declareNotFound } from '@/lib/http/document-policy';
import { StatusPage } from './StatusPage';

/** "Page not found" as it reads, with no 404 declared: app/[locale]/not-found.tsx, the boundary, renders it as is. */
export async function NotFoundStatus() {
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

/** "Page not found", whole in the first HTML, answered with status 404 (the front door reads the declaration). */
export function PageNotFound() {
  declareNotFound();
  return <NotFoundStatus />;
}
