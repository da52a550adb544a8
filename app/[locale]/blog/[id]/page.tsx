import type { Metadata } from 'next';
import Image from 'next/image';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { getPost, getPosts } from '@/lib/content';
import { coverOf } from '@/lib/content/media';
import { categoryLabel, relatedPosts } from '@/lib/blog/listing';
import { formatPostDate } from '@/lib/i18n/dates';
import { Link } from '@/lib/i18n/navigation';
import { htmlToText, sanitizeHtml } from '@/lib/security/sanitize-html';
import { PostCard } from '@/components/blog/PostCard';
import { ArticleNotFound } from '@/components/blog/ArticleNotFound';
import prose from '@/components/content/Prose.module.css';
import styles from '@/components/blog/Article.module.css';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const result = await getPost(id);
  if (!result.ok) return { title: (await getTranslations('blog'))('notFound'), robots: { index: false } };
  const post = result.data;
  const description = htmlToText(post.content).slice(0, 157).replace(/\s+\S*$/, '') + '…';
  const cover = coverOf(post.media);
  return {
    title: post.title,
    description,
    openGraph: { type: 'article', title: post.title, description, images: [{ url: cover }], modifiedTime: post.updated_at },
  };
}

export default async function ArticlePage({ params }: Props) {
  const { id } = await params;
  const [result, t, locale] = await Promise.all([getPost(id), getTranslations('blog'), getLocale()]);
  if (!result.ok) {
    // An unknown id is a real 404; a backend that could not answer shows the same message without one.
    if (result.error.reason === 'not_found') notFound();
    return <ArticleNotFound />;
  }
  const post = result.data;
  const all = await getPosts();
  const related = all.ok ? relatedPosts(all.data, post) : [];
  const date = formatPostDate(post.updated_at, locale);

  return (
    <article className={styles.article}>
      <header className={`container ${styles.header}`}>
        <p className={styles.back}>
          <Link href="/blog">← {t('backToBlog')}</Link>
        </p>
        <p className={styles.meta}>
          {post.category ? <span className={styles.category}>{categoryLabel(post.category.name)}</span> : null}
          <time dateTime={post.updated_at}>{t('updated', { date })}</time>
        </p>
        <h1 className={styles.title}>{post.title}</h1>
      </header>
      <div className={`container ${styles.coverWrap}`}>
        <Image src={coverOf(post.media)} alt="" width={1200} height={675} unoptimized priority className={styles.cover} />
      </div>
      {/* Safe: sanitizeHtml is the allowlist sanitizer of lib/security. */}
      <div className={`container ${styles.body}`}>
        <div className={prose.prose} dangerouslySetInnerHTML={{ __html: sanitizeHtml(post.content) }} />
      </div>
      {related.length ? (
        <aside className={`container ${styles.related}`} aria-labelledby="related-title">
          <h2 id="related-title">{t('related', { category: categoryLabel(post.category?.name ?? '') })}</h2>
          <ul className={styles.relatedGrid}>
            {related.map((other) => (
              <li key={other.id}>
                <PostCard post={other} dateLabel={t('updated', { date: formatPostDate(other.updated_at, locale) })} />
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </article>
  );
}
