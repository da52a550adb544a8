import type { Metadata } from 'next';
import { PageNotFound } from '@/components/layout/PageNotFound';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getGuidelineTopic } from '@/lib/content';
import { isGuidelineTopic } from '@/lib/guidelines';
import { site } from '@/lib/site';
import { socialMetadata } from '@/lib/seo/social';
import { canonicalUrl } from '@/lib/seo/page-url';
import { env } from '@/lib/env';
import { urlsIn } from '@/lib/seo/alternates';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/components/seo/JsonLd';
import { DocumentView } from '@/components/content/DocumentView';
import styles from '@/components/content/DocumentView.module.css';
import { BackLink } from '@/components/ui/BackLink';

type Props = { params: Promise<{ topic: string }> };

async function load(topic: string) {
  if (!isGuidelineTopic(topic)) return undefined;
  return getGuidelineTopic(topic, await getPageLocale());
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topic } = await params;
  const found = await load(topic);
  if (!found || !isGuidelineTopic(topic))
    return { title: (await getTranslations('notFound'))('title'), robots: { index: false, follow: true } };
  const t = await getTranslations('guidelineTopics');
  const description = found.document.summary ?? '';
  return {
    title: t(topic),
    description,
    ...socialMetadata({
      title: `${t(topic)} · ${site.brand}`,
      description,
      locale: await getPageLocale(),
      url: await canonicalUrl(await getPageLocale()),
    }),
  };
}

export default async function GuidelineTopicPage({ params }: Props) {
  const { topic } = await params;
  const found = await load(topic);
  if (!found || !isGuidelineTopic(topic)) return <PageNotFound />;
  const [t, locale] = await Promise.all([getTranslations(), getPageLocale()]);
  const url = urlsIn(env().siteUrl, locale);
  return (
    <>
      <JsonLd
        data={breadcrumbJsonLd([
          { name: t('seo.breadcrumbHome'), url: url('/') },
          { name: t('pages.communityGuidelines', { brand: site.brand }), url: url('/community-guidelines') },
          { name: t(`guidelineTopics.${topic}`), url: url(`/guidelines/${topic}`) },
        ])}
      />
      <DocumentView
        document={found.document}
        language={found.language}
        title={t(`guidelineTopics.${topic}`)}
        showContents={false}
        before={
          <p className={styles.dates}>
            <BackLink href="/community-guidelines">{t('documents.backToGuidelines')}</BackLink>
          </p>
        }
      />
    </>
  );
}
