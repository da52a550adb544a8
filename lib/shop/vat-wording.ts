import { isolateForDirection } from '@/lib/i18n/locales';

/**
 * A price followed by its VAT wording as one run of text, for the receipt email and any other
 * text-only place: "$7.99 VAT included", "7,99 $US TVA incluse", "$7.99 税込". On a right-to-left
 * page the price is isolated, so the Arabic wording after it cannot reorder the price's parts.
 * (Pages put the wording in its own element instead: components/shop/VatWording.tsx.)
 */
export function priceWithVatWording(price: string, wording: string, locale: string): string {
  return `${isolateForDirection(price, locale)} ${wording}`;
}
