import { atomFeedResponse } from '@/lib/blog/feed-response';
import { feedPath } from '@/lib/blog/feed';
import { defaultLocale, isLocale } from '@/lib/i18n/locales';

// Built per request, like the sitemap: the posts can come from a backend, and SITE_URL is read at run time.
export const dynamic = 'force-dynamic';

/**
 * GET /{locale}/feed.xml: the blog of one language as Atom. A file path, so neither the front
 * door's language routing nor the proxy touches it: Next matches this route directly.
 */
export async function GET(request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale))
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  // English lives at the bare path: one URL per feed, as for pages (/en/blog → /blog).
  if (locale === defaultLocale)
    return new Response(null, { status: 308, headers: { Location: feedPath(defaultLocale) } });
  return atomFeedResponse(locale, request);
}
