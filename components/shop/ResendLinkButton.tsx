'use client';

import { useState } from 'react';
import buttons from '@/components/ui/button.module.css';
import styles from './Shop.module.css';

/** On an expired link's page: emails a fresh link to the order's own address. */
export function ResendLinkButton({
  token,
  labels,
}: {
  token: string;
  labels: { sendNew: string; sending: string; sent: string; sendFailed: string };
}) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <div>
      <button
        type="button"
        className={buttons.primary}
        disabled={state === 'sending' || state === 'sent'}
        onClick={async () => {
          setState('sending');
          try {
            const response = await fetch('/api/links/resend', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ token }),
            });
            setState(response.ok ? 'sent' : 'failed');
          } catch {
            setState('failed');
          }
        }}
      >
        {state === 'sending' ? labels.sending : labels.sendNew}
      </button>
      <p role="status" className={state === 'failed' ? styles.error : styles.muted}>
        {state === 'sent' ? labels.sent : state === 'failed' ? labels.sendFailed : ''}
      </p>
    </div>
  );
}
