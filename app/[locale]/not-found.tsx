import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/components/layout/StatusPage';

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
