import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import type { ReactNode } from 'react';
import type { ContentDocument } from '@/lib/content/schemas';
import { formatDocumentDate } from '@/lib/i18n/dates';
import { InlineText } from './InlineText';
import { EnglishOnlyNote } from './EnglishOnlyNote';
import prose from './Prose.module.css';
import styles from './DocumentView.module.css';

type Props = {
  document: ContentDocument;
  /** The language the document is written in; when it differs from the page's, the reader is told. */
  language: string;
  title?: string;
  before?: ReactNode;
  after?: ReactNode;
  showContents?: boolean;
};

/** A long-form document (policy, guidelines, topic) typeset for reading, with a table of contents. */
export async function DocumentView({ document, language, title, before, after, showContents = true }: Props) {
  const locale = await getPageLocale();
  const t = await getTranslations('documents');
  const foreign = language !== locale;
  const newTab = t('newTab');

  return (
    <div className={`container ${styles.layout}`}>
      <header className={styles.header}>
        {before}
        <h1 className={styles.title}>{title ?? document.title}</h1>
        {document.effective || document.updated ? (
          <p className={styles.dates}>
            {document.effective ? <span>{t('effective', { date: formatDocumentDate(document.effective, locale) })}</span> : null}
            {document.updated ? <span>{t('updated', { date: formatDocumentDate(document.updated, locale) })}</span> : null}
          </p>
        ) : null}
        {foreign ? <EnglishOnlyNote /> : null}
      </header>
      {showContents && document.sections.length > 3 ? (
        <nav className={styles.contents} aria-labelledby="document-contents">
          <h2 id="document-contents" className={styles.contentsTitle}>
            {t('onThisPage')}
          </h2>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <article className={`${prose.prose} ${styles.body}`} lang={foreign ? language : undefined}>
        {document.intro.map((paragraph, index) => (
          <p key={index} className={prose.lead}>
            <InlineText text={paragraph} newTabLabel={newTab} />
          </p>
        ))}
        {document.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.heading}</h2>
            {section.blocks.map((block, index) => {
              if (block.type === 'h3') return <h3 key={index}>{block.text}</h3>;
              if (block.type === 'ul') {
                return (
                  <ul key={index}>
                    {block.items.map((item, i) => (
                      <li key={i}>
                        <InlineText text={item} newTabLabel={newTab} />
                      </li>
                    ))}
                  </ul>
                );
              }
              return (
                <p key={index}>
                  <InlineText text={block.text} newTabLabel={newTab} />
                </p>
              );
            })}
          </section>
        ))}
        {after}
      </article>
    </div>
  );
}
