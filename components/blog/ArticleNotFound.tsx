import { getTranslations } from 'next-intl/server';
import buttons from '@/components/ui/button.module.css';
import { GoBackButton } from './GoBackButton';
import styles from './Article.module.css';

/** SPEC.md §8: 'Article not found' with a Go Back button. */
export async function ArticleNotFound() {
  const t = await getTranslations('blog');
  return (
    <div className={`container ${styles.notFound}`}>
      <h1>{t('notFound')}</h1>
      <p>{t('notFoundBody')}</p>
      <GoBackButton label={t('goBack')} className={buttons.primary} />
    </div>
  );
}
