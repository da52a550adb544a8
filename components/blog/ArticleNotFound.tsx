import { getTranslations } from 'next-intl/server';
import buttons from '@/components/ui/button.module.css';
import { Link } from '@/lib/i18n/navigation';
import { localizePath } from '@/lib/i18n/paths';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { GoBackButton } from './GoBackButton';
import styles from './Article.module.css';
import { declareNotFound, declareUnshareable } from '@/lib/http/document-policy';

/**
 * An article that cannot be shown: 'Article not found' with a Go Back button, whole in the first
 * HTML. An unknown id is answered 404; `failed` marks the case where the content backend could not answer, a passing
 * state (not a 404) the front door never keeps for the next visitor.
 */
export async function ArticleNotFound({ failed = false }: { failed?: boolean }) {
  if (failed) declareUnshareable();
  else declareNotFound();
  const [t, common, locale] = await Promise.all([getTranslations('blog'), getTranslations('common'), getPageLocale()]);
  return (
    <div className={`container ${styles.notFound}`}>
      <h1>{t('notFound')}</h1>
      <p>{t('notFoundBody')}</p>
      <div className={styles.notFoundActions}>
        <GoBackButton label={t('goBack')} className={buttons.primary} blogPath={localizePath('/blog', locale)} />
        <Link href="/" className={buttons.secondary}>
          {common('goHome')}
        </Link>
      </div>
    </div>
  );
}
