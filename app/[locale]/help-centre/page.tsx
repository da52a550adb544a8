import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getHelp } from '@/lib/content';
import { site } from '@/lib/site';
import { countQuestions, type HelpCategory } from '@/lib/help/filter';
import { titleMetadata } from '@/components/layout/TitlePage';
import { HelpCentre, type HelpLabels } from '@/components/help/HelpCentre';
import styles from '@/components/help/HelpPage.module.css';
import { ContentError } from '@/components/content/ContentError';
import primitives from '@/components/ui/primitives.module.css';

export const generateMetadata = titleMetadata('helpCentre');

type Props = { searchParams: Promise<{ q?: string | string[] }> };

export default async function HelpCentrePage({ searchParams }: Props) {
  const locale = await getPageLocale();
  const [result, t, params] = await Promise.all([getHelp(locale), getTranslations(), searchParams]);
  const initialQuery = typeof params.q === 'string' ? params.q.slice(0, 100) : '';
  const categories: HelpCategory[] = result.ok
    ? Object.entries(result.data).map(([name, items]) => ({ name, items }))
    : [];
  const total = countQuestions(categories);
  const maxPerGroup = Math.max(0, ...categories.map((c) => c.items.length));
  const labels: HelpLabels = {
    searchLabel: t('help.searchLabel'),
    searchPlaceholder: t('help.searchPlaceholder'),
    resultCounts: Array.from({ length: total + 1 }, (_, count) => t('help.resultCount', { count })),
    questionCounts: Array.from({ length: maxPerGroup + 1 }, (_, count) => t('help.questionCount', { count })),
    emptyTitle: t('help.emptyTitle', { query: '{query}' }),
    emptyBody: t('help.emptyBody', { email: site.supportEmail }),
    clear: t('help.clear'),
    close: t('help.close'),
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={primitives.pageHeader}>
        <h1>{t('pages.helpCentre')}</h1>
        <p className={primitives.intro}>{t('help.intro', { email: site.supportEmail })}</p>
      </header>
      {result.ok ? (
        <HelpCentre categories={categories} labels={labels} initialQuery={initialQuery} />
      ) : (
        <ContentError>{t('errors.help')}</ContentError>
      )}
      <aside className={styles.contact}>
        <h2 className={styles.contactTitle}>{t('help.stillStuck')}</h2>
        <p>{t('help.stillStuckBody')}</p>
        <a href={`mailto:${site.supportEmail}`} className={styles.contactLink}>
          {t('help.emailUs', { email: site.supportEmail })}
        </a>
      </aside>
    </div>
  );
}
