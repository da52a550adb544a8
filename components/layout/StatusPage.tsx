import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import buttons from '@/components/ui/button.module.css';
import styles from './StatusPage.module.css';

type Props = {
  title: string;
  body: string;
  eyebrow?: string;
  homeLabel: string;
  tone?: 'neutral' | 'problem';
  children?: ReactNode;
};

/** A centred message with a way home: used by /error, /broken-link, not-found and the error boundary. */
export function StatusPage({ title, body, eyebrow, homeLabel, tone = 'problem', children }: Props) {
  return (
    <div className={`container ${styles.wrap}`} data-tone={tone}>
      <div className={styles.card}>
        <svg className={styles.art} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle cx="60" cy="60" r="56" fill="var(--color-primary-soft)" />
          <path
            d="M60 88S34 72 34 54c0-8.2 6.2-14.5 13.9-14.5 5 0 9.4 2.6 12.1 6.6 2.7-4 7.1-6.6 12.1-6.6C79.8 39.5 86 45.8 86 54c0 18-26 34-26 34z"
            fill="var(--color-surface)"
            stroke="var(--color-primary)"
            strokeWidth="4"
            strokeLinejoin="round"
          />
          {tone === 'problem' ? (
            <path
              d="M62 44l-7 14h10l-8 16"
              fill="none"
              stroke="var(--color-primary)"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ) : null}
        </svg>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.body}>{body}</p>
        <div className={styles.actions}>
          {children}
          <Link href="/" className={buttons.primary}>
            {homeLabel}
          </Link>
        </div>
      </div>
    </div>
  );
}
