import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/StaticImage';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getPosts } from '@/lib/content';
import { htmlToText } from '@/lib/security/sanitize-html';
import { CAROUSEL_SIZE, categoriesOf, categoryLabel, listing, listingQuery } from '@/lib/blog/listing';
import { formatPostDate } from '@/lib/i18n/dates';
import { directionOf } from '@/lib/i18n/locales';
import { localizePath } from '@/lib/i18n/paths';
import { Link } from '@/lib/i18n/navigation';
import { site } from '@/lib/site';
import { titleMetadata } from '@/components/layout/TitlePage';
import { blogAlternates } from '@/lib/blog/feed-link';
import { Carousel } from '@/components/ui/Carousel';
import { BlogFilter } from '@/components/blog/BlogFilter';
import { categoryLabels } from '@/lib/blog/category-labels';
import { ContentError } from '@/components/content/ContentError';
import { PostCard } from '@/components/blog/PostCard';
import { Pagination } from '@/components/blog/Pagination';
import styles from '@/components/blog/Blog.module.css';
import primitives from '@/components/ui/primitives.module.css';

const blogMetadata = titleMetadata('blog');

/** The blog's title and description, and the link to its language's Atom feed. */
export async function generateMetadata(): Promise<Metadata> {
  const [metadata, alternates] = await Promise.all([blogMetadata(), getPageLocale().then(blogAlternates)]);
  return { ...metadata, alternates };
}

type Props = { searchParams: Promise<{ category?: string | string[]; page?: string | string[] }> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** The grid, pagination and count for one URL state; keyed by it so a change shows the spinner. */
async function ArticleList({ category, page }: { category: string | null; page: string | null }) {
  const locale = await getPageLocale();
  const [result, t, categories] = await Promise.all([getPosts(locale), getTranslations('blog'), categoryLabels()]);
  if (!result.ok) return null;
  const state = listing(result.data, { category, page });
  return (
    <>
      <p className={styles.summary} role="status">
        {t('resultsSummary', { count: state.total })}
      </p>
      {state.items.length ? (
        <ul className={styles.grid}>
          {state.items.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                dateLabel={t('updated', { date: formatPostDate(post.updated_at, locale) })}
                categories={categories}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{t('empty')}</p>
      )}
      <Pagination
        category={state.category}
        page={state.page}
        pageCount={state.pageCount}
        labels={{
          nav: t('pagination'),
          previous: t('previous'),
          next: t('next'),
          pages: Array.from({ length: state.pageCount }, (_, i) => t('pageNumber', { page: i + 1 })),
        }}
      />
    </>
  );
}

export default async function BlogPage({ searchParams }: Props) {
  const locale = await getPageLocale();
  const [params, result, t, tPages, tErrors, categoryNames] = await Promise.all([
    searchParams,
    getPosts(locale),
    getTranslations('blog'),
    getTranslations('pages'),
    getTranslations('errors'),
    categoryLabels(),
  ]);
  const title = tPages('blog');

  if (!result.ok) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>{title}</h1>
        <ContentError>{tErrors('posts')}</ContentError>
      </div>
    );
  }

  const category = first(params.category);
  const page = first(params.page);
  const state = listing(result.data, { category, page });
  // One URL per listing: an unknown category or an out-of-range page lands on the canonical address.
  const canonical = listingQuery(state);
  const given = new URLSearchParams(
    Object.entries({ category, page }).filter((entry): entry is [string, string] => entry[1] !== null),
  ).toString();
  if ((given ? `?${given}` : '') !== canonical) {
    redirect(localizePath(`/blog${canonical}`, locale));
  }

  const featured = result.data.slice(0, CAROUSEL_SIZE);
  const categories = categoriesOf(result.data);

  return (
    <div className={styles.page}>
      <header className={`container ${primitives.pageHeader}`}>
        <h1>{title}</h1>
        <p className={primitives.intro}>{t('intro', { brand: site.brand })}</p>
      </header>

      {/* The carousel is its own labelled region; a second landmark with the same name would only repeat it. */}
      <div className="container">
        <Carousel
          loop={false}
          direction={directionOf(locale)}
          className={styles.featured}
          labels={{
            region: t('carouselLabel'),
            previous: t('previousSlide'),
            next: t('nextSlide'),
            pause: '',
            play: '',
            slides: featured.map((_, index) => t('slideLabel', { index: index + 1, total: featured.length })),
          }}
        >
          {featured.map((post, index) => (
            <article key={post.id} className={styles.slide}>
              <div className={styles.slideText}>
                {post.category ? (
                  <p className={styles.category}>{categoryLabel(post.category.name, categoryNames)}</p>
                ) : null}
                <h2 className={styles.slideTitle}>{post.title}</h2>
                <p className={styles.excerpt}>{htmlToText(post.content)}</p>
                <Link
                  href={`/blog/${encodeURIComponent(post.id)}`}
                  className={styles.readMore}
                  aria-label={t('readArticle', { title: post.title })}
                >
                  {t('readFullArticle')}
                </Link>
              </div>
              <StaticImage
                src="/images/blog/hero.svg"
                alt=""
                width={1200}
                height={675}
                className={styles.slideImage}
                // The first slide's picture is the largest thing on a phone's first screen: fetched
                // at once, not after layout as a lazy image would be. The others are off screen.
                {...(index === 0 ? { loading: 'eager', fetchPriority: 'high' } : {})}
              />
            </article>
          ))}
        </Carousel>
      </div>

      <section className="container" aria-labelledby="all-articles">
        <div className={styles.toolbar}>
          <h2 id="all-articles">{t('allArticles')}</h2>
          <BlogFilter
            action={localizePath('/blog', locale)}
            categories={categories.map((value) => ({ value, label: categoryLabel(value, categoryNames) }))}
            current={state.category}
            labels={{
              filter: t('filterLabel'),
              placeholder: t('filterPlaceholder'),
              all: t('allCategories'),
              clear: t('clear'),
              apply: t('apply'),
              loading: t('loading'),
            }}
          />
        </div>
        {/* In place, not behind a Suspense fallback: the posts are already loaded above, and a
            streamed list would be a spinner to crawlers and visitors without JavaScript. */}
        <ArticleList category={state.category} page={String(state.page)} />
      </section>
    </div>
  );
}
