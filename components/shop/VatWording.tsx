import styles from './Shop.module.css';

/**
 * "VAT included" in the page's own words, right after a price (EU law wants the price shown to be
 * the final one, taxes included, and our pages say so). Real text in the price's element, so a
 * screen reader reads the two together; `block` puts it on its own line under a large price.
 */
export function VatWording({ text, block = false }: { text: string; block?: boolean }) {
  return (
    <span className={block ? `${styles.vatWording} ${styles.vatWordingBlock}` : styles.vatWording} data-vat-wording="">
      {text}
    </span>
  );
}
