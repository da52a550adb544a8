import { describe, expect, it } from 'vitest';
import { formatPrice } from './catalogue';
import { priceWithVatWording } from './vat-wording';
import en from '@/content/messages/en.json';
import fr from '@/content/messages/fr.json';
import ja from '@/content/messages/ja.json';
import ar from '@/content/messages/ar.json';

const edition = { price: { amount: 7.99, currency: 'USD' } };

describe('priceWithVatWording', () => {
  it('puts the wording after the price, as each language writes it', () => {
    expect(priceWithVatWording(formatPrice(edition, 'en'), en.shop.vatIncluded, 'en')).toBe('$7.99 VAT\u00a0included');
    expect(priceWithVatWording(formatPrice(edition, 'fr'), fr.shop.vatIncluded, 'fr')).toMatch(
      /^7,99\s\$US TVA\u00a0incluse$/,
    );
    expect(priceWithVatWording(formatPrice(edition, 'ja'), ja.shop.vatIncluded, 'ja')).toBe('$7.99 税込');
  });

  it('isolates the price on a right-to-left page, so the Arabic after it cannot reorder it', () => {
    const price = formatPrice(edition, 'ar');
    expect(priceWithVatWording(price, ar.shop.vatIncluded, 'ar')).toBe(
      `\u2068${price}\u2069 شامل\u00a0ضريبة\u00a0القيمة\u00a0المضافة`,
    );
  });
});
