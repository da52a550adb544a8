'use client';

import { useState, useTransition } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import styles from './BlogFilter.module.css';

/** The 'All Categories' option; the empty value is the 'Filter by Category' placeholder. */
const ALL = 'all';

type Props = {
  /** The listing's own address in the page's language: where the form goes without JavaScript. */
  action: string;
  categories: { value: string; label: string }[];
  current: string | null;
  labels: { filter: string; placeholder: string; all: string; clear: string; apply: string; loading: string };
};

/**
 * The category filter. It is a plain GET form with its Apply button (works without JavaScript,
 * and every result page has its own URL); with JavaScript, choosing a category also updates the
 * list in place, as the product spec asks, which changes content, not context (WCAG 3.2.2): focus stays on the
 * select, the page is not reloaded, and the new count is announced (e2e/blog.spec.ts). Changing
 * the filter always resets to page 1.
 */
export function BlogFilter({ action, categories, current, labels }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // What the visitor chose, shown (and submitted by Apply) while the list is still loading; it
  // follows the listing when that changes by other means (Clear, back and forward).
  const [choice, setChoice] = useState(current ?? '');
  const [listed, setListed] = useState(current);
  if (listed !== current) {
    setListed(current);
    setChoice(current ?? '');
  }

  const go = (category: string) =>
    startTransition(() =>
      router.push(category && category !== ALL ? `/blog?category=${encodeURIComponent(category)}` : '/blog'),
    );

  return (
    <form
      className={styles.filter}
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        go(choice);
      }}
      aria-busy={pending}
    >
      <select
        name="category"
        aria-label={labels.filter}
        className={styles.select}
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          go(event.target.value);
        }}
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
      <button type="submit" className={styles.secondaryButton}>
        {labels.apply}
      </button>
      <button type="button" className={styles.secondaryButton} onClick={() => go('')} disabled={!current}>
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
