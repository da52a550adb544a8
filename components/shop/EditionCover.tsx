'use client';

import { StaticImage } from '@/components/ui/StaticImage';
import { useSelectedEdition } from '@/lib/shop/checkout/selected-edition';
import type { EditionView } from '@/lib/shop/catalogue';
import styles from './EditionChoice.module.css';

/** The book cover of whichever edition is selected (its class from the page, so its styles stay out of this island's script). */
export function EditionCover({
  editions,
  initial,
  className,
  priority = false,
}: {
  editions: EditionView[];
  initial: string;
  className?: string;
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
      className={className}
      data-edition={edition.id}
    />
  );
}

/** An edition's cover, small, beside the text of a shop dialog. */
export function CoverPreview({ edition }: { edition: EditionView }) {
  return <StaticImage src={edition.cover} alt={edition.coverAlt} width={600} height={900} className={styles.preview} />;
}
