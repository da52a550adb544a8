import styles from './LoadingState.module.css';

/** A spinner with a spoken label, for content that is still on its way. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
