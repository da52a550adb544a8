'use client';

import { useEffect } from 'react';
import { StatusPage } from '@/components/layout/StatusPage';
import { useErrorLabels } from '@/components/layout/ErrorLabels';
import buttons from '@/components/ui/button.module.css';

export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const labels = useErrorLabels();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage title={labels.title} body={labels.body} homeLabel={labels.goHome}>
      <button type="button" className={buttons.secondary} onClick={reset}>
        {labels.retry}
      </button>
    </StatusPage>
  );
}
