'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { StatusPage } from '@/components/layout/StatusPage';
import buttons from '@/components/ui/button.module.css';

export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage title={t('errorBoundary.title')} body={t('errorBoundary.body')} homeLabel={t('common.goHome')}>
      <button type="button" className={buttons.secondary} onClick={reset}>
        {t('errorBoundary.retry')}
      </button>
    </StatusPage>
  );
}
