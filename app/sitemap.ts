import type { MetadataRoute } from 'next';
import { env } from '@/lib/env';
import { getPosts } from '@/lib/content';
import { guidelineTopics } from '@/lib/guidelines';
import { locales } from '@/lib/i18n/locales';
import { alternatesFor } from '@/lib/seo/alternates';
import { editions } from '@/lib/shop/catalogue';
import { samplePagePath } from '@/lib/shop/sample-links';

// Built per request: the posts can come from a backend, and SITE_URL is read at run time.
export const dynamic = 'force-dynamic';

/** Pages worth indexing; placeholders, /success, /error, /broken-link and magic links are left out (noindex). */
const STATIC_PATHS = [
  '/',
  '/the-love-blueprint',
  '/blog',
  '/help-centre',
  '/community-guidelines',
  '/privacy',
  '/terms',
  '/cookie-policy',
  '/manage-cookies',
  '/accessibility',
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const siteUrl = env().siteUrl;
  const posts = await getPosts();
  const paths: { path: string; lastModified?: string }[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...editions.map((edition) => ({ path: `/the-love-blueprint/${edition.id}` })),
    ...editions.map((edition) => ({ path: samplePagePath(edition.id) })),
    ...guidelineTopics.map((slug) => ({ path: `/guidelines/${slug}` })),
    ...(posts.ok
      ? posts.data.map((post) => ({ path: `/blog/${encodeURIComponent(post.id)}`, lastModified: post.updated_at }))
      : []),
  ];
  return paths.flatMap(({ path, lastModified }) =>
    locales.map((locale) => {
      const alternates = alternatesFor(siteUrl, path, locale);
      return { url: alternates.canonical, lastModified, alternates: { languages: alternates.languages } };
    }),
  );
}
