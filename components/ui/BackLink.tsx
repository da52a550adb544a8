import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import styles from './BackLink.module.css';

/** A link back up to a parent page; its arrow points back in either reading direction. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href}>
      <span className={styles.arrow} aria-hidden="true">
        ←
      </span>{' '}
      {children}
    </Link>
  );
}
