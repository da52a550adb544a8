import type { ReceiptRow } from '@/lib/shop/tax/receipt';
import styles from './Shop.module.css';

/** A paid order's receipt (lib/shop/tax/receipt.ts): the same lines as the email's, as a description list. */
export function ReceiptDetails({ title, rows }: { title: string; rows: ReceiptRow[] }) {
  return (
    <section className={styles.receipt} aria-labelledby="receipt-title">
      <h2 id="receipt-title">{title}</h2>
      <dl>
        {rows.map((row) => (
          <div key={row.label} className={styles.receiptRow}>
            <dt>{row.label}</dt>
            <dd>
              {/* Stripe's hosted invoice: another site, so no referrer and no window handle. */}
              {row.href ? (
                <a href={row.href} rel="noopener noreferrer">
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
