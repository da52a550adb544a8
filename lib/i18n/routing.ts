import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from './locales';

/** next-intl's locale cookie (its default name), which the proxy and the page cache read. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // English lives at the bare paths of SPEC.md's route table; every other language under its prefix.
  localePrefix: 'as-needed',
  // The hreflang alternates are <link> tags in every page's head (lib/seo/alternates.ts); the
  // same 18 entries as an HTTP Link header added 2 KB to every response for nothing.
  alternateLinks: false,
});
