'use client';

import { useEffect, useState } from 'react';
import { SCROLL_TOP_THRESHOLD_PX } from '@/lib/navigation/sections';
import { ArrowUpIcon } from '@/components/ui/icons';
import styles from './ScrollToTopButton.module.css';

/** Floating "back to top" button, shown once the page has scrolled past 200 px. */
export function ScrollToTopButton({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;

  return (
    <button
      type="button"
      className={styles.button}
      aria-label={label}
      onClick={() => {
        const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon />
    </button>
  );
}
