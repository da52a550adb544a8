import { LogoMark } from '@/components/ui/Logo';
import styles from './FaqLoadingOverlay.module.css';

/** A full-screen overlay with a pulsing logo while the FAQs load (the Suspense fallback). */
export function FaqLoadingOverlay({ label }: { label: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.pulse}>
        <LogoMark size={72} />
      </div>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
