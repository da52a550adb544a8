import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { getGuidelineTopic } from '@/lib/content';
import { isGuidelineTopic } from '@/lib/guidelines';
import { Link } from '@/lib/i18n/navigation';
import { DocumentView } from '@/components/content/DocumentView';
import styles from '@/components/content/DocumentView.module.css';

type Props = { params: Promise<{ topic: string }> };

async function load(topic: string) {
  if (!isGuidelineTopic(topic)) return undefined;
  return getGuidelineTopic(topic, await getLocale());
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topic } = await params;
  const found = await load(topic);
  if (!found || !isGuidelineTopic(topic)) return {};
  const t = await getTranslations('guidelineTopics');
  return { title: t(topic), description: found.document.summary };
}

export default async function GuidelineTopicPage({ params }: Props) {
  const { topic } = await params;
  const found = await load(topic);
  if (!found || !isGuidelineTopic(topic)) notFound();
  const t = await getTranslations();
  return (
    <DocumentView
      document={found.document}
      language={found.language}
      title={t(`guidelineTopics.${topic}`)}
      showContents={false}
      before={
        <p className={styles.dates}>
          <Link href="/community-guidelines">← {t('documents.backToGuidelines')}</Link>
        </p>
      }
    />
  );
}
