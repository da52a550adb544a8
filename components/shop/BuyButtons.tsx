'use client';

import { Link } from '@/lib/i18n/navigation';
import { useSelectedEdition } from '@/lib/shop/checkout/selected-edition';

/** 'Buy Now' and the offer banner's button: both go to the selected edition's purchase page. */
export function BuyLink({ label, className, initial }: { label: string; className?: string; initial: string }) {
  const selected = useSelectedEdition(initial);
  return (
    <Link href={`/the-love-blueprint/${selected}`} className={className} prefetch={false}>
      {label}
    </Link>
  );
}
