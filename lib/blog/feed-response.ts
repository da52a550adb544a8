import 'server-only';
import { createHash } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import { getPosts, postLanguage } from '@/lib/content';
import { env } from '@/lib/env';
import { PUBLIC_CACHE } from '@/lib/http/json';
import type { Locale } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { site } from '@/lib/site';
import { FEED_CONTENT_TYPE, atomFeed } from './feed';

/**
 * The answer to GET /feed.xml and /{locale}/feed.xml: the same posts the language's blog page
 * lists (getPosts: translated where a translation exists, else English), as Atom.
 */
export async function atomFeedResponse(locale: Locale, request: Request): Promise<Response> {
  const posts = await getPosts(locale);
  // A backend that could not answer is not an empty blog: a reader keeps its entries and retries.
  if (!posts.ok) {
    return new Response('The blog could not be loaded. Try again in a minute.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' },
    });
  }
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: 'feed' }), loadMessages(locale)]);
  const xml = atomFeed({
    siteUrl: env().siteUrl,
    locale,
    brand: site.brand,
    text: {
      title: t('title', { brand: site.brand }),
      subtitle: t('subtitle', { brand: site.brand }),
      englishOnly: t('englishOnly'),
    },
    categories: messages.blog.categories,
    posts: posts.data,
    languageOf: (id) => postLanguage(id, locale),
  });
  // Readers poll: an unchanged feed costs them a 304, not the whole document.
  const etag = `W/"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
  const headers = { 'Content-Type': FEED_CONTENT_TYPE, 'Cache-Control': PUBLIC_CACHE, ETag: etag };
  if (
    request.headers
      .get('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(xml, { headers });
}
