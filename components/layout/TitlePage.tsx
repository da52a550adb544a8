import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { site } from '@/lib/site';
import { socialMetadata, type CardImage } from '@/lib/seo/social';
import { canonicalUrl } from '@/lib/seo/page-url';
import styles from './TitlePage.module.css';

export type PageKey = keyof (typeof import('@/content/messages/en.json'))['pages'];

/** A page that is only a title (the original site's placeholders), or a title and a holding line. */
export async function TitlePage({
  pageKey,
  holding = false,
  children,
}: {
  pageKey: PageKey;
  holding?: boolean;
  children?: ReactNode;
}) {
  const t = await getTranslations();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{t(`pages.${pageKey}`, { brand: site.brand })}</h1>
      {holding ? <p className={styles.lead}>{t('common.comingSoon')}</p> : null}
      {children}
    </div>
  );
}

const cardImageFor: Partial<Record<PageKey, CardImage>> = {
  loveBlueprint: 'ebook',
  purchase: 'ebook',
  library: 'ebook',
  success: 'ebook',
  blog: 'blog',
  helpCentre: 'help',
};

/** generateMetadata for a page titled by `pages.{key}`; title-only placeholders are kept out of search indexes. */
export function titleMetadata(pageKey: PageKey, options: { index?: boolean } = {}) {
  return async function generateMetadata(): Promise<Metadata> {
    const [t, locale] = await Promise.all([getTranslations(), getPageLocale()]);
    const title = t(`pages.${pageKey}`, { brand: site.brand });
    const description = t(`pageDescriptions.${pageKey}`, { brand: site.brand });
    return {
      title,
      description,
      ...socialMetadata({
        title: t('metadata.titleTemplate', { brand: site.brand }).replace('%s', title),
        description,
        locale,
        image: cardImageFor[pageKey] ?? 'default',
        imageAlt: t('seo.ogImageAlt', { brand: site.brand }),
        url: await canonicalUrl(locale),
      }),
      robots: options.index === false ? { index: false, follow: true } : undefined,
    };
  };
}
