'use client';

import { StaticImage } from '@/components/ui/StaticImage';
import { useSelectedEdition } from '@/lib/shop/checkout/selected-edition';
import type { EditionView } from '@/lib/shop/catalogue';
import styles from './Shop.module.css';

/** The book cover of whichever edition is selected. */
export function EditionCover({
  editions,
  initial,
  priority = false,
}: {
  editions: EditionView[];
  initial: string;
  priority?: boolean;
}) {
  const selected = useSelectedEdition(initial);
  const edition = editions.find((e) => e.id === selected) ?? editions[0]!;
  return (
    <StaticImage
      key={edition.id}
      src={edition.cover}
      alt={edition.coverAlt}
      width={600}
      height={900}
      priority={priority}
      className={styles.cover}
      data-edition={edition.id}
    />
  );
}

/** An edition's cover, small, beside the text of a shop dialog. */
export function CoverPreview({ edition }: { edition: EditionView }) {
  return <StaticImage src={edition.cover} alt={edition.coverAlt} width={600} height={900} className={styles.preview} />;
}
