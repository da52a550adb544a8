import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { isGuidelineTopic } from '@/lib/guidelines';
import styles from '@/components/layout/TitlePage.module.css';

type Props = { params: Promise<{ topic: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topic } = await params;
  if (!isGuidelineTopic(topic)) return {};
  const t = await getTranslations('guidelineTopics');
  return { title: t(topic) };
}

export default async function GuidelineTopicPage({ params }: Props) {
  const { topic } = await params;
  if (!isGuidelineTopic(topic)) notFound();
  const t = await getTranslations();
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{t(`guidelineTopics.${topic}`)}</h1>
      <p className={styles.lead}>{t('common.comingSoon')}</p>
    </div>
  );
}
