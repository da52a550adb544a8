import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, organizationJsonLd, productJsonLd, sampleBookJsonLd, serializeJsonLd } from './json-ld';
import { editions } from '@/lib/shop/catalogue';

describe('JSON-LD', () => {
  it('escapes < so no value can close the script tag', () => {
    const text = serializeJsonLd({
      '@context': 'https://schema.org',
      '@type': 'Thing',
      name: '</script><script>alert(1)</script>',
    });
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });

  it('has one Offer per priced edition, with the catalogue price and currency', () => {
    const product = productJsonLd({
      siteUrl: 'https://x.test',
      pageUrl: 'https://x.test/the-love-blueprint',
      name: 'The Love Blueprint',
      description: 'd',
      editions,
      editionUrl: (id) => `https://x.test/the-love-blueprint/${id}`,
    });
    const offers = product.offers as unknown as { price: string; priceCurrency: string; url: string }[];
    expect(offers).toHaveLength(editions.filter((e) => e.price).length);
    expect(offers[0]).toMatchObject({
      price: editions[0]!.price!.amount.toFixed(2),
      priceCurrency: editions[0]!.price!.currency,
      url: `https://x.test/the-love-blueprint/${editions[0]!.id}`,
    });
  });

  it('says of every offer that its price includes VAT', () => {
    const product = productJsonLd({
      siteUrl: 'https://x.test',
      pageUrl: 'https://x.test/the-love-blueprint',
      name: 'The Love Blueprint',
      description: 'd',
      editions,
      editionUrl: (id) => `https://x.test/the-love-blueprint/${id}`,
    });
    const offers = product.offers as unknown as { price: string; priceSpecification: unknown }[];
    for (const offer of offers)
      expect(offer.priceSpecification).toEqual({
        '@type': 'UnitPriceSpecification',
        price: offer.price,
        priceCurrency: 'USD',
        valueAddedTaxIncluded: true,
      });
  });

  it('names the organization and its app links, and numbers breadcrumbs from 1', () => {
    expect(organizationJsonLd('https://x.test')).toMatchObject({ '@type': 'Organization', url: 'https://x.test/' });
    const crumbs = breadcrumbJsonLd([
      { name: 'Home', url: 'https://x.test/' },
      { name: 'Blog', url: 'https://x.test/blog' },
    ]);
    expect((crumbs.itemListElement as unknown as { position: number }[]).map((i) => i.position)).toEqual([1, 2]);
  });

  it('marks the sample page’s Book as sold, in its edition’s language, with the sample text its free part', () => {
    const arabic = editions.find((edition) => edition.id === 'ar')!;
    const book = sampleBookJsonLd({
      siteUrl: 'https://x.test',
      pageUrl: 'https://x.test/fr/the-love-blueprint/ar/sample',
      name: 'The Love Blueprint',
      description: 'd',
      edition: arabic,
      freePartClass: 'sample-text',
      editionUrl: (id) => `https://x.test/fr/the-love-blueprint/${id}`,
    });
    expect(book).toMatchObject({
      '@type': 'Book',
      inLanguage: 'ar',
      url: 'https://x.test/fr/the-love-blueprint/ar/sample',
      image: `https://x.test${arabic.cover}`,
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: true, cssSelector: '.sample-text' },
      offers: {
        '@type': 'Offer',
        price: arabic.price!.amount.toFixed(2),
        priceSpecification: { valueAddedTaxIncluded: true },
        url: 'https://x.test/fr/the-love-blueprint/ar',
      },
    });
  });
});
