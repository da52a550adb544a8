import { Link } from '@/lib/i18n/navigation';
import { VatWording } from '@/components/shop/VatWording';
import buttons from '@/components/ui/button.module.css';
import shop from '@/components/shop/Shop.module.css';
import styles from './Sample.module.css';

/** The call to buy this edition: its price as every shop page shows it (VAT included), and the way to its purchase page. */
export function SampleBuy({
  editionId,
  price,
  priceLabel,
  vatIncluded,
  cta,
  testId,
}: {
  editionId: string;
  price: string;
  priceLabel: string;
  /** Only a real price includes VAT; a missing one ("N/A") says nothing about tax. */
  vatIncluded?: string;
  cta: string;
  testId?: string;
}) {
  return (
    <div className={styles.buyRow}>
      <p className={`${shop.priceTag} ${styles.price}`}>
        <span className="visually-hidden">{priceLabel}: </span>
        {price}
        {vatIncluded ? (
          <>
            {' '}
            <VatWording text={vatIncluded} />
          </>
        ) : null}
      </p>
      <Link href={`/the-love-blueprint/${editionId}`} className={buttons.primary} prefetch={false} data-testid={testId}>
        {cta}
      </Link>
    </div>
  );
}
