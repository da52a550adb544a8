import type { Metadata } from 'next';
import { site } from '@/lib/site';

/** The card images scripts/og-images.mjs builds, one per kind of page. */
export type CardImage = 'home' | 'ebook' | 'blog' | 'help' | 'default';

const CARD = { width: 1200, height: 630 };

/** Open Graph locale tags use an underscore and a region: fr → fr_FR, zh-CN → zh_CN. */
export function ogLocale(locale: string): string {
  if (locale.includes('-')) return locale.replace('-', '_');
  const regions: Record<string, string> = {
    en: 'US',
    ar: 'SA',
    bn: 'BD',
    el: 'GR',
    ja: 'JP',
    ko: 'KR',
    uk: 'UA',
    tl: 'PH',
    pt: 'BR',
  };
  return `${locale}_${regions[locale] ?? locale.toUpperCase()}`;
}

/**
 * Open Graph and Twitter card tags for a page. Next replaces (not merges) a layout's
 * openGraph with a page's, so every page passes its full set through here.
 */
export function socialMetadata(options: {
  title: string;
  description: string;
  locale: string;
  image?: CardImage | { url: string; alt: string };
  imageAlt?: string;
  type?: 'website' | 'article';
  modifiedTime?: string;
  /** The page's canonical URL (lib/seo/page-url.ts), as og:url. */
  url?: string;
}): Pick<Metadata, 'openGraph' | 'twitter'> {
  const image =
    typeof options.image === 'object'
      ? { url: options.image.url, alt: options.image.alt }
      : { url: `/og/${options.image ?? 'default'}.png`, alt: options.imageAlt ?? site.brand, ...CARD };
  return {
    openGraph: {
      type: options.type ?? 'website',
      ...(options.url ? { url: options.url } : {}),
      siteName: site.brand,
      locale: ogLocale(options.locale),
      title: options.title,
      description: options.description,
      images: [image],
      ...(options.modifiedTime ? { modifiedTime: options.modifiedTime } : {}),
    },
    twitter: { card: 'summary_large_image', title: options.title, description: options.description, images: [image] },
  };
}
