import { getTranslations } from 'next-intl/server';
import { LoadingState } from '@/components/ui/LoadingState';
import styles from '@/components/blog/Article.module.css';

export default async function Loading() {
  const t = await getTranslations('blog');
  return (
    <div className={`container ${styles.loading}`}>
      <LoadingState label={t('loadingArticle')} />
    </div>
  );
}
