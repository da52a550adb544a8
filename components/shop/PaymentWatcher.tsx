'use client';

import { useEffect } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import styles from './Shop.module.css';

const FIRST_POLL_MS = 1000;
const LONGEST_POLL_MS = 10_000;

/**
 * While a payment is being confirmed: a spinner, and a poll of the order's status (backing off
 * to every 10 s). Once it is no longer pending, the page is rendered again by the server,
 * which shows the download (paid) or what went wrong.
 */
export function PaymentWatcher({ orderId, label }: { orderId: string; label: string }) {
  const router = useRouter();
  useEffect(() => {
    let delay = FIRST_POLL_MS;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/status`, { cache: 'no-store' });
        if (response.ok && ((await response.json()) as { status: string }).status !== 'pending')
          return router.refresh();
      } catch {
        // offline for a moment: the next poll asks again
      }
      delay = Math.min(delay * 1.5, LONGEST_POLL_MS);
      timer = setTimeout(() => void poll(), delay);
    };
    timer = setTimeout(() => void poll(), delay);
    return () => clearTimeout(timer);
  }, [orderId, router]);

  return (
    <div className={styles.confirming} role="status">
      <span className={`spinner ${styles.confirmingSpinner}`} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
