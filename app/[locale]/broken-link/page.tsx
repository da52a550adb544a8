import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/components/layout/StatusPage';
import { Link } from '@/lib/i18n/navigation';
import buttons from '@/components/ui/button.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('brokenLink');
  return { title: t('title'), robots: { index: false, follow: true } };
}

export default async function Page() {
  const t = await getTranslations();
  return (
    <StatusPage title={t('brokenLink.title')} body={t('brokenLink.body')} homeLabel={t('common.goHome')}>
      <Link href="/library" className={buttons.secondary}>
        {t('library.findLink')}
      </Link>
    </StatusPage>
  );
}
