import { getTranslations } from 'next-intl/server';
import styles from './EnglishOnlyNote.module.css';

/** The one-line note, in the visitor's language, that the text below is only available in English. */
export async function EnglishOnlyNote() {
  const t = await getTranslations('documents');
  return (
    <p className={styles.note} role="note">
      {t('englishOnly')}
    </p>
  );
}
