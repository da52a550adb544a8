import { sampleFileHref, SAMPLE_FORMATS, type SampleFormat } from '@/lib/shop/sample-links';
import styles from './Sample.module.css';

const TYPES: Record<SampleFormat, string> = { epub: 'application/epub+zip', pdf: 'application/pdf' };

/**
 * The sample as files to keep (issue 50, part B): one URL per edition for every language, so plain
 * links, not the locale-aware Link (which would put the page's prefix in front).
 */
export function SampleFiles({
  editionId,
  title,
  labels,
}: {
  editionId: string;
  title: string;
  labels: Record<SampleFormat, string>;
}) {
  return (
    <section className={styles.files} aria-labelledby="sample-files">
      <h2 id="sample-files" className={styles.filesTitle}>
        {title}
      </h2>
      <ul>
        {SAMPLE_FORMATS.map((format) => (
          <li key={format}>
            <a href={sampleFileHref(editionId, format)} type={TYPES[format]} download>
              {labels[format]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
