import type { ReactNode } from 'react';
import styles from './PhoneFrame.module.css';

/** A drawn phone around an app screenshot. */
export function PhoneFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={`${styles.frame} ${className ?? ''}`}>
      <div className={styles.screen}>{children}</div>
      <span className={styles.notch} aria-hidden="true" />
    </div>
  );
}
