import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/components/layout/StatusPage';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('purchaseError');
  return { title: t('title'), robots: { index: false, follow: true } };
}

export default async function Page() {
  const t = await getTranslations();
  return <StatusPage title={t('purchaseError.title')} body={t('purchaseError.body')} homeLabel={t('common.goHome')} />;
}
