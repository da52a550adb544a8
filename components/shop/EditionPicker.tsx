'use client';

import { setSelectedEdition, useSelectedEdition } from '@/lib/shop/checkout/selected-edition';
import type { EditionView } from '@/lib/shop/catalogue';
import styles from './EditionChoice.module.css';

/** Every edition as a row of choices under the cover, in `locales` order (the cover and Buy Now follow it). */
export function EditionPicker({
  editions,
  initial,
  label,
}: {
  editions: EditionView[];
  initial: string;
  label: string;
}) {
  const selected = useSelectedEdition(initial);
  return (
    <div className={styles.picker} role="group" aria-label={label}>
      {editions.map((edition) => (
        <button
          key={edition.id}
          type="button"
          aria-pressed={edition.id === selected}
          className={styles.pick}
          onClick={() => setSelectedEdition(edition.id)}
          lang={edition.id}
        >
          {edition.label}
        </button>
      ))}
    </div>
  );
}
