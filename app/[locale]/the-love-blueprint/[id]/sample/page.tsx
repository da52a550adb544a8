import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { directionOf } from '@/lib/i18n/locales';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { findEdition, formatPrice } from '@/lib/shop/catalogue';
import { editionSample } from '@/lib/shop/sample-page';
import { samplePagePath } from '@/lib/shop/sample-links';
import { socialMetadata } from '@/lib/seo/social';
import { canonicalUrl } from '@/lib/seo/page-url';
import { urlsIn } from '@/lib/seo/alternates';
import { breadcrumbJsonLd, sampleBookJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/components/seo/JsonLd';
import { PageNotFound } from '@/components/layout/PageNotFound';
import { StaticImage } from '@/components/ui/StaticImage';
import { BackLink } from '@/components/ui/BackLink';
import { SAMPLE_TEXT_CLASS, SampleText } from '@/components/sample/SampleText';
import { SampleContents } from '@/components/sample/SampleContents';
import { SampleBuy } from '@/components/sample/SampleBuy';
import { SampleFiles } from '@/components/sample/SampleFiles';
import styles from '@/components/sample/Sample.module.css';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, locale, t] = await Promise.all([params, getPageLocale(), getTranslations()]);
  const edition = findEdition(id);
  if (!edition) return { title: t('notFound.title'), robots: { index: false } };
  const title = t('sample.metaTitle', { edition: edition.label });
  const description = t('sample.metaDescription', { edition: edition.label });
  return {
    // Its own full title: the template would add the brand after a title that already names the book.
    title: { absolute: title },
    description,
    ...socialMetadata({
      title,
      description,
      locale,
      image: 'ebook',
      imageAlt: t('seo.ogImageAlt', { brand: site.brand }),
      type: 'article',
      url: await canonicalUrl(locale),
    }),
  };
}

/**
 * The free sample of an edition (issue 50, part A): its introduction and chapter 1 in full, from the
 * manuscript the books are made of, in the edition's language and direction, with the page around it
 * in the page's own. Whole without JavaScript: a server component with no client island but links.
 */
export default async function SamplePage({ params }: Props) {
  const { id } = await params;
  const edition = findEdition(id);
  if (!edition) return <PageNotFound />;
  const [t, shop, root, locale] = await Promise.all([
    getTranslations('sample'),
    getTranslations('shop'),
    getTranslations(),
    getPageLocale(),
  ]);
  const sample = editionSample(edition);
  const price = formatPrice(edition, locale, shop('notAvailable'));
  const buy = {
    editionId: edition.id,
    price,
    priceLabel: shop('priceLabel'),
    vatIncluded: edition.price ? shop('vatIncluded') : undefined,
    cta: t('buyCta', { edition: edition.label }),
  };
  const siteUrl = env().siteUrl;
  const url = urlsIn(siteUrl, locale);

  return (
    <article className={`container ${styles.page}`}>
      <JsonLd
        data={sampleBookJsonLd({
          siteUrl,
          pageUrl: url(samplePagePath(edition.id)),
          name: sample.title,
          description: t('metaDescription', { edition: edition.label }),
          edition,
          freePartClass: SAMPLE_TEXT_CLASS,
          editionUrl: (other) => url(`/the-love-blueprint/${other}`),
        })}
      />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: root('seo.breadcrumbHome'), url: url('/') },
          { name: root('pages.loveBlueprint'), url: url('/the-love-blueprint') },
          { name: t('readFree'), url: url(samplePagePath(edition.id)) },
        ])}
      />
      <p className={styles.back}>
        <BackLink href="/the-love-blueprint">{shop('goBack')}</BackLink>
      </p>
      <header className={styles.header}>
        <StaticImage
          src={edition.cover}
          alt={shop('coverAlt', { label: edition.label })}
          width={600}
          height={900}
          priority
          className={styles.cover}
        />
        <div>
          <p className={styles.bookTitle} lang={sample.lang} dir={sample.dir}>
            <span>{sample.title}</span>
            <span className={styles.subtitle}>{sample.subtitle}</span>
          </p>
          <h1 className={styles.heading}>{t('heading')}</h1>
          <p className={styles.editionLine}>{t('editionLine', { edition: edition.label })}</p>
          <SampleBuy {...buy} />
        </div>
      </header>
      <div className={styles.layout}>
        <SampleContents
          sample={sample}
          title={t('contents')}
          inFullBook={t('inFullBook')}
          locale={locale}
          localeDir={directionOf(locale)}
        />
        <div className={styles.reading}>
          <SampleText sample={sample} />
          <p className={styles.end}>{t('endOfSample')}</p>
          <section className={styles.buy} aria-labelledby="sample-buy-title">
            <h2 id="sample-buy-title">{t('buyTitle')}</h2>
            <p>{t('buyBody')}</p>
            <SampleBuy {...buy} testId="sample-buy" />
          </section>
          <SampleFiles
            editionId={edition.id}
            title={t('filesTitle')}
            labels={{ epub: t('filesEpub'), pdf: t('filesPdf') }}
          />
        </div>
      </div>
    </article>
  );
}
