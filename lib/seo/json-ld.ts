import type { BlogPosting, Book, BreadcrumbList, Offer, Organization, Product, Thing, WithContext } from 'schema-dts';
import { site } from '@/lib/site';
import type { Edition } from '@/lib/shop/catalogue';

/**
 * Structured data (schema.org, typed by schema-dts) for the pages that have it. Everything
 * here is built from site config, the catalogue and the content store, so it always matches
 * what the page shows.
 */

/** JSON for a <script type="application/ld+json">: `<` is escaped so no text can close the tag. */
export function serializeJsonLd(data: WithContext<Thing>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function organizationJsonLd(siteUrl: string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: site.brand,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icons/icon-512.png`,
    email: site.supportEmail,
    sameAs: [site.appStoreUrl, site.playStoreUrl, site.social.instagram, site.social.facebook, site.social.x],
  };
}

/** What every page's description needs: the site's origin, the page's URL and its description. */
type PageOptions = { siteUrl: string; pageUrl: string; description: string };

export function productJsonLd(
  options: PageOptions & {
    name: string;
    editions: readonly Edition[];
    editionUrl: (id: string) => string;
  },
): WithContext<Product> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: options.name,
    description: options.description,
    url: options.pageUrl,
    image: options.editions.map((edition) => `${options.siteUrl}${edition.cover}`),
    brand: { '@type': 'Brand', name: site.brand },
    offers: options.editions
      .filter((edition) => edition.price)
      .map((edition) =>
        editionOffer(options.siteUrl, `${options.name} (${edition.label})`, edition, options.editionUrl),
      ),
  };
}

/** An edition's Offer: its catalogue price, VAT included, sold by the site's organization on its purchase page. */
function editionOffer(siteUrl: string, name: string, edition: Edition, editionUrl: (id: string) => string): Offer {
  const price = edition.price!;
  return {
    '@type': 'Offer',
    name,
    sku: `love-blueprint-${edition.id}`,
    price: price.amount.toFixed(2),
    priceCurrency: price.currency,
    // The price is VAT-inclusive (decision 0019): said to machines as the page says it to people.
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: price.amount.toFixed(2),
      priceCurrency: price.currency,
      valueAddedTaxIncluded: true,
    },
    availability: 'https://schema.org/InStock',
    url: editionUrl(edition.id),
    seller: { '@id': `${siteUrl}/#organization` },
  };
}

/**
 * The sample page's Book: the edition in its language, sold (not free), with the part of the page
 * that is free marked by its class, as Google's guidance for paywalled content asks (a `.class`
 * selector only): the sample text is free to read, the rest of the book is not.
 */
export function sampleBookJsonLd(
  options: PageOptions & {
    name: string;
    edition: Edition;
    /** The class of the element that holds the sample's text. */
    freePartClass: string;
    editionUrl: (id: string) => string;
  },
): WithContext<Book> {
  const { edition } = options;
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: options.name,
    description: options.description,
    url: options.pageUrl,
    inLanguage: edition.language,
    bookFormat: 'https://schema.org/EBook',
    image: `${options.siteUrl}${edition.cover}`,
    author: { '@id': `${options.siteUrl}/#organization` },
    publisher: { '@id': `${options.siteUrl}/#organization` },
    isAccessibleForFree: false,
    hasPart: {
      '@type': 'WebPageElement',
      isAccessibleForFree: true,
      cssSelector: `.${options.freePartClass}`,
    },
    ...(edition.price ? { offers: editionOffer(options.siteUrl, options.name, edition, options.editionUrl) } : {}),
  };
}

export function blogPostingJsonLd(
  options: PageOptions & {
    headline: string;
    image: string;
    dateModified: string;
    language: string;
  },
): WithContext<BlogPosting> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: options.headline,
    description: options.description,
    image: options.image.startsWith('http') ? options.image : `${options.siteUrl}${options.image}`,
    dateModified: options.dateModified,
    datePublished: options.dateModified,
    inLanguage: options.language,
    mainEntityOfPage: options.pageUrl,
    author: { '@type': 'Organization', name: site.brand, url: `${options.siteUrl}/` },
    // Inline, not only an @id reference: Google's article rich results want the publisher's name and logo here.
    publisher: {
      '@type': 'Organization',
      '@id': `${options.siteUrl}/#organization`,
      name: site.brand,
      logo: { '@type': 'ImageObject', url: `${options.siteUrl}/icons/icon-512.png` },
    },
  };
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem' as const,
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
