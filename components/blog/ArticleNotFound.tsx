import { getTranslations } from 'next-intl/server';
import buttons from '@/components/ui/button.module.css';
import { GoBackButton } from './GoBackButton';
import styles from './Article.module.css';
import { declareUnshareable } from '@/lib/http/document-policy';

/**
 * SPEC.md §8: 'Article not found' with a Go Back button. `failed` marks the case where the
 * content backend could not answer, a passing state the front door never keeps for the next
 * visitor, as opposed to the 404 boundary, which every blog page carries in its payload.
 */
export async function ArticleNotFound({ failed = false }: { failed?: boolean }) {
  if (failed) declareUnshareable();
  const t = await getTranslations('blog');
  return (
    <div className={`container ${styles.notFound}`}>
      <h1>{t('notFound')}</h1>
      <p>{t('notFoundBody')}</p>
      <GoBackButton label={t('goBack')} className={buttons.primary} />
    </div>
  );
}
