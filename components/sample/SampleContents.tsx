import type { EditionSample } from '@/lib/shop/sample-page';
import styles from './Sample.module.css';

/**
 * The book's contents: the parts the page holds link to their headings; the chapters that follow
 * are listed, not linked, and marked as in the full book (in the page's language, the titles in the
 * edition's).
 */
export function SampleContents({
  sample,
  title,
  inFullBook,
  locale,
  localeDir,
}: {
  sample: EditionSample;
  title: string;
  inFullBook: string;
  locale: string;
  localeDir: 'ltr' | 'rtl';
}) {
  return (
    <nav className={styles.contents} aria-labelledby="sample-contents">
      <h2 id="sample-contents" className={styles.contentsTitle}>
        {title}
      </h2>
      <ul lang={sample.lang} dir={sample.dir}>
        {sample.contents.map((entry) =>
          entry.anchor ? (
            <li key={entry.title} className={styles.inSample}>
              <a href={`#${entry.anchor}`}>{entry.title}</a>
            </li>
          ) : (
            <li key={entry.title} className={styles.later}>
              <span>{entry.title}</span>{' '}
              {/* On its own line, so no punctuation of either language has to join the two. */}
              <span className={styles.laterNote} lang={locale} dir={localeDir}>
                {inFullBook}
              </span>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
