import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { alternatesFor } from '@/lib/seo/alternates';
import { requestPath } from '@/lib/seo/page-url';
import { site } from '@/lib/site';
import { FEED_MEDIA_TYPE, feedPath } from './feed';

/**
 * A blog page's alternates: its canonical and hreflang links (as the layout gives every page)
 * plus `<link rel="alternate" type="application/atom+xml">` to its language's feed. Next replaces
 * a parent's `alternates` whole, so the page states all of them.
 */
export async function blogAlternates(locale: Locale): Promise<NonNullable<Metadata['alternates']>> {
  const [t, path] = await Promise.all([getTranslations({ locale, namespace: 'feed' }), requestPath()]);
  const siteUrl = env().siteUrl;
  return {
    ...alternatesFor(siteUrl, path, locale),
    types: {
      [FEED_MEDIA_TYPE]: [{ title: t('linkTitle', { brand: site.brand }), url: `${siteUrl}${feedPath(locale)}` }],
    },
  };
}
