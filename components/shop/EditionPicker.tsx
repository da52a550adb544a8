'use client';

import { setSelectedEdition, useSelectedEdition } from '@/lib/shop/selected-edition';
import type { EditionView } from '@/lib/shop/catalogue';
import styles from './Shop.module.css';

/** A segmented choice of edition beside the cover (the cover and Buy Now follow it). */
export function EditionPicker({ editions, label }: { editions: EditionView[]; label: string }) {
  const selected = useSelectedEdition();
  return (
    <div className={styles.picker} role="group" aria-label={label}>
      {editions.map((edition) => (
        <button key={edition.id} type="button" aria-pressed={edition.id === selected} className={styles.pick} onClick={() => setSelectedEdition(edition.id)} lang={edition.id}>
          {edition.label}
        </button>
      ))}
    </div>
  );
}
