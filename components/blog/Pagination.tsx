import { Link } from '@/lib/i18n/navigation';
import { listingQuery } from '@/lib/blog/listing';
import styles from './Blog.module.css';

type Props = {
  category: string | null;
  page: number;
  pageCount: number;
  labels: { nav: string; previous: string; next: string; pages: string[] };
};

/** Previous / numbered pages / Next, all real links (crawlable); the ends are disabled, the current page marked. */
export function Pagination({ category, page, pageCount, labels }: Props) {
  if (pageCount <= 1) return null;
  const href = (target: number) => `/blog${listingQuery({ category, page: target })}`;
  const edge = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link href={href(target)} className={styles.pageStep} scroll={false}>
        {label}
      </Link>
    ) : (
      <span className={styles.pageStep} role="link" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className={styles.pagination} aria-label={labels.nav}>
      {edge(page - 1, labels.previous, page > 1)}
      <ol className={styles.pages}>
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            <Link
              href={href(number)}
              className={styles.pageNumber}
              aria-current={number === page ? 'page' : undefined}
              aria-label={labels.pages[number - 1]}
              scroll={false}
            >
              {number}
            </Link>
          </li>
        ))}
      </ol>
      {edge(page + 1, labels.next, page < pageCount)}
    </nav>
  );
}
