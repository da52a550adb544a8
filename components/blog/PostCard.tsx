import { StaticImage } from '@/components/ui/StaticImage';
import { Link } from '@/lib/i18n/navigation';
import type { Post } from '@/lib/content/schemas';
import { coverOf } from '@/lib/content/media';
import { categoryLabel } from '@/lib/blog/listing';
import styles from './Blog.module.css';

/** One article in the grid: cover, category, updated date, title; the whole card links to it. */
export function PostCard({
  post,
  dateLabel,
  categories,
}: {
  post: Post;
  dateLabel: string;
  categories: Readonly<Record<string, string>>;
}) {
  return (
    <article className={styles.card}>
      <StaticImage src={coverOf(post.media)} alt="" width={600} height={338} className={styles.cover} />
      <div className={styles.cardBody}>
        <p className={styles.meta}>
          {post.category ? (
            <span className={styles.category}>{categoryLabel(post.category.name, categories)}</span>
          ) : null}
          <time dateTime={post.updated_at}>{dateLabel}</time>
        </p>
        <h3 className={styles.cardTitle}>
          <Link href={`/blog/${encodeURIComponent(post.id)}`} className={styles.cardLink}>
            {post.title}
          </Link>
        </h3>
      </div>
    </article>
  );
}
