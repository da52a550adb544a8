'use client';

import { useEffect, useId, useState, useTransition } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import styles from './Blog.module.css';

/** The 'All Categories' option; the empty value is the 'Filter by Category' placeholder. */
const ALL = 'all';

type Props = {
  categories: { value: string; label: string }[];
  current: string | null;
  labels: { filter: string; placeholder: string; all: string; clear: string; apply: string; loading: string };
};

/**
 * The category filter. It is a plain GET form (works without JavaScript, and every result
 * page has its own URL); with JavaScript, choosing a category updates the page in place
 * and shows a spinner while the new list loads. Changing the filter always resets to page 1.
 */
export function BlogFilter({ categories, current, labels }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [enhanced, setEnhanced] = useState(false);
  const id = useId();

  // After hydration the Apply button is no longer needed: the select acts on change.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEnhanced(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const go = (category: string) =>
    startTransition(() => router.push(category && category !== ALL ? `/blog?category=${encodeURIComponent(category)}` : '/blog'));

  return (
    <form className={styles.filter} method="get" action="" onSubmit={(event) => event.preventDefault()} aria-busy={pending}>
      <label htmlFor={id} className="visually-hidden">
        {labels.filter}
      </label>
      <select
        id={id}
        name="category"
        className={styles.select}
        value={current ?? ''}
        onChange={(event) => go(event.target.value)}
      >
        <option value="" disabled hidden>
          {labels.placeholder}
        </option>
        <option value={ALL}>{labels.all}</option>
        {categories.map((category) => (
          <option key={category.value} value={category.value}>
            {category.label}
          </option>
        ))}
      </select>
      {enhanced ? null : (
        <button type="submit" className={styles.secondaryButton}>
          {labels.apply}
        </button>
      )}
      <button type="button" className={styles.secondaryButton} onClick={() => go('')} disabled={!current && enhanced}>
        {labels.clear}
      </button>
      {pending ? (
        <span className={styles.pending} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <span className="visually-hidden">{labels.loading}</span>
        </span>
      ) : null}
    </form>
  );
}
