import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { directionOfLanguage } from '@/lib/i18n/locales';
import type { Edition } from '@/lib/shop/catalogue';
import { chapterTitles } from '@/lib/shop/chapter-titles';
import { editionManuscript } from '@/lib/shop/sample-page';
import { samplePagePath } from '@/lib/shop/sample-links';
import styles from './Sample.module.css';

/**
 * The landing page's "What's inside": the ten chapter titles of the visitor's edition, read from
 * its manuscript, and the way to read the first of them free. Server-rendered, no script.
 */
export async function WhatsInside({ edition, className }: { edition: Edition; className?: string }) {
  const t = await getTranslations('sample');
  const titles = chapterTitles(editionManuscript(edition));
  return (
    <section
      className={`${styles.inside} ${className ?? ''}`}
      aria-labelledby="whats-inside"
      data-testid="whats-inside"
    >
      <h2 id="whats-inside">{t('insideTitle')}</h2>
      <p className={styles.insideIntro}>{t('insideIntro')}</p>
      <ol className={styles.chapters} lang={edition.language} dir={directionOfLanguage(edition.language)}>
        {titles.map((chapter) => (
          <li key={chapter.number}>{chapter.title}</li>
        ))}
      </ol>
      <p>
        <Link href={samplePagePath(edition.id)} prefetch={false} className={styles.insideCta}>
          {t('insideCta')}
        </Link>
      </p>
    </section>
  );
}
