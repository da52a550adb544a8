import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { editionViews } from '@/lib/shop/views';
import { titleMetadata } from '@/components/layout/TitlePage';
import { SuccessView } from '@/components/shop/SuccessView';
import styles from '@/components/shop/Shop.module.css';

export const generateMetadata = titleMetadata('success', { index: false });

export default async function SuccessPage() {
  const [t, locale] = await Promise.all([getTranslations('success'), getPageLocale()]);
  return (
    <div className={`container ${styles.centerPage}`}>
      <h1>{t('title')}</h1>
      <p className={styles.lead}>{t('body')}</p>
      <SuccessView
        editions={await editionViews(locale)}
        labels={{
          goToDownload: t('goToDownload'),
          dialogTitle: t('dialogTitle'),
          greeting: t('greeting', { name: '{name}' }),
          magicLink: t('magicLink', { email: '{email}' }),
          download: t('download'),
          downloading: t('downloading'),
          close: t('close'),
          noDetails: t('noDetails'),
          downloaded: t('downloaded'),
        }}
      />
    </div>
  );
}
