import type { Metadata } from 'next';
import type { Post } from '@/lib/content/schemas';
import { StaticImage } from '@/components/ui/StaticImage';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import type { Locale } from '@/lib/i18n/locales';
import { articleId } from '@/lib/blog/article-id';
import { getPost, getPosts, postLanguage } from '@/lib/content';
import { coverOf } from '@/lib/content/media';
import { categoryLabel, relatedPosts } from '@/lib/blog/listing';
import { formatPostDate } from '@/lib/i18n/dates';
import { htmlToText, sanitizeHtml } from '@/lib/security/sanitize-html';
import { socialMetadata } from '@/lib/seo/social';
import { canonicalUrl } from '@/lib/seo/page-url';
import { articleCard } from '@/lib/seo/article-card';
import { blogAlternates } from '@/lib/blog/feed-link';
import { site } from '@/lib/site';
import { env } from '@/lib/env';
import { urlsIn } from '@/lib/seo/alternates';
import { blogPostingJsonLd, breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/components/seo/JsonLd';
import { EnglishOnlyNote } from '@/components/content/EnglishOnlyNote';
import { categoryLabels } from '@/lib/blog/category-labels';
import { PostCard } from '@/components/blog/PostCard';
import { ArticleNotFound } from '@/components/blog/ArticleNotFound';
import prose from '@/components/content/Prose.module.css';
import styles from '@/components/blog/Article.module.css';
import { BackLink } from '@/components/ui/BackLink';

type Props = { params: Promise<{ id: string }> };

/** The description of an article: its text, cut at a word near 160 characters. */
const excerpt = (html: string) =>
  htmlToText(html)
    .slice(0, 157)
    .replace(/\s+\S*$/, '') + '…';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = await articleId(params);
  const locale = await getPageLocale();
  const result = await getPost(id, locale);
  if (!result.ok) return { title: (await getTranslations('blog'))('notFound'), robots: { index: false } };
  const post = result.data;
  const description = excerpt(post.content);
  const cover = coverOf(post.media);
  // Social networks do not render SVG previews: an SVG cover is shown through the article's own
  // card (built from it), or the blog's card for an article that has none.
  const card = articleCard(post.id, postLanguage(post.id, locale));
  const image = !/\.svg($|\?)/.test(cover)
    ? { url: cover, alt: post.title }
    : card
      ? { url: card, alt: post.title }
      : 'blog';
  return {
    title: post.title,
    description,
    alternates: await blogAlternates(locale),
    ...socialMetadata({
      title: `${post.title} · ${site.brand}`,
      description,
      locale,
      image,
      type: 'article',
      modifiedTime: post.updated_at,
      url: await canonicalUrl(locale),
    }),
  };
}

export default async function ArticlePage({ params }: Props) {
  const id = await articleId(params);
  const locale = await getPageLocale();
  const [result, t, categories] = await Promise.all([getPost(id, locale), getTranslations('blog'), categoryLabels()]);
  if (!result.ok) {
    // An unknown id is a 404 with the message in place; a backend that could not answer shows the same message without one.
    return <ArticleNotFound failed={result.error.reason !== 'not_found'} />;
  }
  const post = result.data;
  const all = await getPosts(locale);
  const language = postLanguage(post.id, locale);
  const foreign = language !== locale;
  const related = all.ok ? relatedPosts(all.data, post) : [];
  const date = formatPostDate(post.updated_at, locale);

  return (
    <article className={styles.article}>
      <ArticleJsonLd post={post} locale={locale} language={language} />
      <header className="container">
        <p className={styles.back}>
          <BackLink href="/blog">{t('backToBlog')}</BackLink>
        </p>
        <p className={styles.meta}>
          {post.category ? (
            <span className={styles.category}>{categoryLabel(post.category.name, categories)}</span>
          ) : null}
          <time dateTime={post.updated_at}>{t('updated', { date })}</time>
        </p>
        <h1 className={styles.title} lang={foreign ? language : undefined}>
          {post.title}
        </h1>
        {foreign ? <EnglishOnlyNote /> : null}
      </header>
      <div className={`container ${styles.coverWrap}`}>
        <StaticImage src={coverOf(post.media)} alt="" width={1200} height={675} priority className={styles.cover} />
      </div>
      {/* Safe: sanitizeHtml is the allowlist sanitizer of lib/security. */}
      <div className="container" lang={foreign ? language : undefined}>
        <div className={prose.prose} dangerouslySetInnerHTML={{ __html: sanitizeHtml(post.content) }} />
      </div>
      {related.length ? (
        <aside className={`container ${styles.related}`} aria-labelledby="related-title">
          <h2 id="related-title">{t('related', { category: categoryLabel(post.category?.name ?? '', categories) })}</h2>
          <ul className={styles.relatedGrid}>
            {related.map((other) => (
              <li key={other.id}>
                <PostCard
                  post={other}
                  dateLabel={t('updated', { date: formatPostDate(other.updated_at, locale) })}
                  categories={categories}
                />
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </article>
  );
}

/** BlogPosting and Home › Blog › article breadcrumbs, from the same post the page shows. */
async function ArticleJsonLd({ post, locale, language }: { post: Post; locale: Locale; language: string }) {
  const t = await getTranslations();
  const siteUrl = env().siteUrl;
  const url = urlsIn(siteUrl, locale);
  const pageUrl = url(`/blog/${post.id}`);
  return (
    <>
      <JsonLd
        data={blogPostingJsonLd({
          siteUrl,
          pageUrl,
          headline: post.title,
          description: excerpt(post.content),
          image: coverOf(post.media),
          dateModified: post.updated_at,
          language,
        })}
      />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: t('seo.breadcrumbHome'), url: url('/') },
          { name: t('pages.blog'), url: url('/blog') },
          { name: post.title, url: pageUrl },
        ])}
      />
    </>
  );
}
