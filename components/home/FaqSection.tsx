import { getTranslations } from 'next-intl/server';
import type { ContentResult } from '@/lib/content';
import type { FaqItem } from '@/lib/content/schemas';
import { site } from '@/lib/site';
import { FaqTabs } from './FaqTabs';
import { Reveal } from './Reveal';
import home from './Home.module.css';
import styles from './FaqSection.module.css';
import { ContentError } from '@/components/content/ContentError';

/** The FAQ block: fetched on the server through lib/content (by the page); on failure, 'Failed to load FAQs'. */
export async function FaqSection({ faqs }: { faqs: Promise<ContentResult<FaqItem[]>> }) {
  const [result, t] = await Promise.all([faqs, getTranslations()]);
  return (
    <section id="faq" className={home.section} aria-labelledby="faq-title">
      <div className="container">
        <Reveal at={0.8} duration={0.8} className={home.header}>
          <p className={home.eyebrow}>{t('home.faqEyebrow')}</p>
          <h2 id="faq-title">{t('home.faqHeading')}</h2>
          <p className={home.intro}>{t('home.faqIntro', { brand: site.brand })}</p>
        </Reveal>
        {result.ok ? (
          result.data.length > 0 ? (
            <FaqTabs
              items={result.data.map((item, index) => ({
                number: index + 1,
                question: item.question,
                answer: item.answer,
                category: item.category ?? null,
              }))}
              allLabel={t('home.faqAll')}
              tabsLabel={t('home.faqTabsLabel')}
            />
          ) : (
            <p className={styles.empty}>{t('home.faqEmpty')}</p>
          )
        ) : (
          <ContentError centered>{t('errors.faqs')}</ContentError>
        )}
      </div>
    </section>
  );
}
