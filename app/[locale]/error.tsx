'use client';

import { useEffect } from 'react';
import { StatusPage } from '@/components/layout/StatusPage';
import { useErrorLabels } from '@/components/layout/ErrorLabels';
import buttons from '@/components/ui/button.module.css';

export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const labels = useErrorLabels();
  useEffect(() => {
    // The visitor's browser console, not the server's log: a client component. The server logged
    // the failure itself; in production what reaches the browser is Next's sanitized error and its
    // digest, which names that server entry, for whoever reports the problem.
    // eslint-disable-next-line no-console
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
