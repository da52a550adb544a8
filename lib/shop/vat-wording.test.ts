import { describe, expect, it } from 'vitest';
import { locales } from '@/lib/i18n/locales';
import { localeMessages, localeTexts } from '@/lib/i18n/locale-texts';
import { editions, formatPrice } from './catalogue';
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

describe('every text that names a price says that it includes VAT', () => {
  // Whitespace as plain spaces: a text may join the wording with no-break spaces.
  const plain = (text: string) => text.replace(/\s/gu, ' ');
  it.each(locales)('%s (UI, FAQs, help, book and content files)', (locale) => {
    const wording = plain(localeMessages(locale).get('shop.vatIncluded') ?? '');
    expect(wording).not.toBe('');
    // Each price as a text could write it: "7.99", "7,99", or in the language's own digits ("৭.৯৯").
    const amounts = editions.flatMap(({ price }) =>
      price
        ? [
            price.amount.toFixed(2),
            price.amount.toFixed(2).replace('.', ','),
            new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(price.amount),
          ]
        : [],
    );
    const silent = localeTexts(locale)
      .filter(({ text }) => amounts.some((amount) => text.includes(amount)) && !plain(text).includes(wording))
      .map(({ where }) => where);
    expect(silent).toEqual([]);
  });
});
