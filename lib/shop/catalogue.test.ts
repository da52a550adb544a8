import { describe, expect, it } from 'vitest';
import { formatPrice } from './catalogue';

describe('formatPrice', () => {
  const edition = { price: { amount: 7.99, currency: 'USD' } };
  it('formats per locale with Intl', () => {
    expect(formatPrice(edition, 'en')).toBe('$7.99');
    expect(formatPrice(edition, 'fr')).toMatch(/^7,99\s\$US$/);
  });
  it('uses the plain symbol in right-to-left locales, where "US$" would split', () => {
    const arabic = formatPrice(edition, 'ar');
    expect(arabic).toContain('$');
    expect(arabic).not.toContain('US');
  });
  it('says N/A (or the given text) when an edition has no price', () => {
    expect(formatPrice({ price: null }, 'en')).toBe('N/A');
    expect(formatPrice({ price: null }, 'de', 'k. A.')).toBe('k. A.');
  });
});
