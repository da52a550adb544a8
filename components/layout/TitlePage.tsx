import { getTranslations } from 'next-intl/server';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { site } from '@/lib/site';
import styles from './TitlePage.module.css';

export type PageKey = keyof (typeof import('@/content/messages/en.json'))['pages'];

/** A page that is only a title (SPEC.md's placeholders), or a title and a holding line. */
export async function TitlePage({ pageKey, holding = false, children }: { pageKey: PageKey; holding?: boolean; children?: ReactNode }) {
  const t = await getTranslations();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{t(`pages.${pageKey}`, { brand: site.brand })}</h1>
      {holding ? <p className={styles.lead}>{t('common.comingSoon')}</p> : null}
      {children}
    </div>
  );
}

/** generateMetadata for a page titled by `pages.{key}`; title-only placeholders are kept out of search indexes. */
export function titleMetadata(pageKey: PageKey, options: { index?: boolean } = {}) {
  return async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations('pages');
    return {
      title: t(pageKey, { brand: site.brand }),
      robots: options.index === false ? { index: false, follow: true } : undefined,
    };
  };
}
