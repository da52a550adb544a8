import { defaultLocale, locales, type Locale } from '@/lib/i18n/locales';
import { localizePath } from '@/lib/i18n/paths';

/**
 * Canonical and hreflang alternates for a locale-free path: one stable URL per language
 * (English at the bare path), plus x-default pointing at English.
 */
export function alternatesFor(siteUrl: string, path: string, locale: Locale) {
  const url = (l: Locale) => `${siteUrl}${localizePath(path, l)}`;
  return {
    canonical: url(locale),
    languages: { ...Object.fromEntries(locales.map((l) => [l, url(l)])), 'x-default': url(defaultLocale) } as Record<
      string,
      string
    >,
  };
}

/** The absolute URL of a locale-free path in a language (the site URL from the environment). */
function absoluteUrl(siteUrl: string, path: string, locale: Locale): string {
  return `${siteUrl}${localizePath(path, locale)}`;
}

/** Absolute URLs of locale-free paths in the page's language. */
export function urlsIn(siteUrl: string, locale: Locale): (path: string) => string {
  return (path) => absoluteUrl(siteUrl, path, locale);
}
