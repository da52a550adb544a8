'use client';

import NextLink from 'next/link';
import { useParams, usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { forwardRef, useMemo, type ComponentProps } from 'react';
import { defaultLocale, isLocale, type Locale } from './locales';
import { localizePath, splitLocale } from './paths';

/**
 * Locale-aware navigation for the whole site. Deliberately tiny: next-intl's own
 * client navigation brings its message formatter into every page's JavaScript, and
 * these few helpers are all the site needs. The locale comes from the route's
 * `[locale]` parameter (present even on English's bare paths, via the proxy's rewrite).
 */
function useLocale(): Locale {
  const params = useParams<{ locale?: string }>();
  return isLocale(params?.locale) ? params.locale : defaultLocale;
}

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string };

/** next/link with the current language's prefix added to site paths. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href, ...props }, ref) {
  const locale = useLocale();
  return <NextLink ref={ref} href={localizePath(href, locale)} {...props} />;
});

/** The current path without its locale prefix ("/fr/blog" → "/blog"). */
export function usePathname(): string {
  return splitLocale(useNextPathname() ?? '/').path;
}

/** next/navigation's router, taking locale-free paths. */
export function useRouter() {
  const router = useNextRouter();
  const locale = useLocale();
  return useMemo(
    () => ({
      push: (href: string) => router.push(localizePath(href, locale)),
      replace: (href: string) => router.replace(localizePath(href, locale)),
      refresh: () => router.refresh(),
    }),
    [router, locale],
  );
}
