import { atomFeedResponse } from '@/lib/blog/feed-response';
import { defaultLocale } from '@/lib/i18n/locales';

// Built per request, like the sitemap: the posts can come from a backend, and SITE_URL is read at run time.
export const dynamic = 'force-dynamic';

/** GET /feed.xml: the English blog as Atom (English has no prefix; the other languages are app/[locale]/feed.xml). */
export function GET(request: Request) {
  return atomFeedResponse(defaultLocale, request);
}
