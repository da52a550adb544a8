import { messagesOf } from '@/lib/i18n/messages-of';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { directionOf, isolateForDirection } from '@/lib/i18n/locales';
import { editionForLocale, formatPrice } from '@/lib/shop/catalogue';
import { editionViews, shopTestimonials } from '@/lib/shop/checkout/edition-views';
import { site } from '@/lib/site';
import { ShopJsonLd } from '@/components/seo/ShopJsonLd';
import { titleMetadata } from '@/components/layout/TitlePage';
import { Carousel } from '@/components/ui/Carousel';
import { carouselLabels } from '@/components/ui/carousel-labels';
import { Star } from '@/components/home/icons';
import { EditionCover } from '@/components/shop/EditionCover';
import { EditionPicker } from '@/components/shop/EditionPicker';
import { BuyLink } from '@/components/shop/BuyButtons';
import { LanguageButton } from '@/components/shop/LanguageButton';
import { VatWording } from '@/components/shop/VatWording';
import { WhatsInside } from '@/components/sample/WhatsInside';
import { Link } from '@/lib/i18n/navigation';
import { samplePagePath } from '@/lib/shop/sample-links';
import buttons from '@/components/ui/button.module.css';
import styles from '@/components/shop/Shop.module.css';
import sampleStyles from '@/components/sample/Sample.module.css';

export const generateMetadata = titleMetadata('loveBlueprint');

/** The product's eBook carousel: the testimonials autoplay every 2 seconds, looping. */
const EBOOK_TESTIMONIAL_AUTOPLAY_MS = 2000;

export default async function LoveBlueprintPage() {
  const [t, sample, locale] = await Promise.all([getTranslations('shop'), getTranslations('sample'), getPageLocale()]);
  const views = await editionViews(locale);
  const own = editionForLocale(locale);
  const initial = own.id;
  const testimonials = shopTestimonials(locale);
  const list = (key: 'getItems' | 'whoItems' | 'offerPromises') => t(key).split('|');

  return (
    <>
      <ShopJsonLd />
      <section className={styles.hero} aria-labelledby="blueprint-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.coverWrap}>
            <EditionCover editions={views} initial={initial} className={styles.cover} priority />
            <EditionPicker editions={views} initial={initial} label={t('chooseLanguage')} />
          </div>
          <div>
            <h1 id="blueprint-title">{t('headline')}</h1>
            <p className={styles.subtitle}>{t('subtitle', { brand: site.brand })}</p>
            <p className={styles.lead}>{t('pitch')}</p>
            <p className={styles.facts}>{t('facts')}</p>
            <div className={styles.actions}>
              <BuyLink label={t('buyNow')} className={buttons.primary} initial={initial} />
              <LanguageButton
                editions={views}
                initial={initial}
                labels={messagesOf(t, [
                  'chooseLanguage',
                  'dialogTitle',
                  'dialogDescription',
                  'languageLabel',
                  'languagePlaceholder',
                  'proceed',
                  'close',
                ])}
              />
            </div>
          </div>
        </div>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="what-others-say">
        <h2 id="what-others-say">{t('testimonialsHeading')}</h2>
        <Carousel
          autoplayMs={EBOOK_TESTIMONIAL_AUTOPLAY_MS}
          className={styles.reviews}
          direction={directionOf(locale)}
          labels={carouselLabels(t, t('testimonialsLabel'), testimonials.length)}
        >
          {testimonials.map((item) => (
            <figure key={item.author} className={styles.testimonial}>
              <span className={styles.stars} role="img" aria-label={t('fiveStars')}>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} size={18} />
                ))}
              </span>
              <blockquote>“{item.quote}”</blockquote>
              <figcaption className={styles.who}>
                <strong>{item.author}</strong> · {item.location}
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </section>

      <section className={`container ${styles.section}`}>
        <div className={styles.features}>
          <div className={styles.featureCard}>
            <h2>{t('disconnectedTitle')}</h2>
            <p>{t('disconnectedBody')}</p>
          </div>
          <div className={styles.featureCard}>
            <h2>{t('getTitle')}</h2>
            <ul>
              {list('getItems').map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className={styles.featureCard}>
            <h2>{t('whoTitle')}</h2>
            <ul>
              {list('whoItems').map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <WhatsInside edition={own} className={`container ${styles.section}`} />

      <section className={`container ${styles.section}`} aria-labelledby="launch-offer">
        <div className={styles.offer}>
          <h2 id="launch-offer">{t('offerTitle')}</h2>
          <p className={styles.price}>
            {t('offerPrice', { price: isolateForDirection(formatPrice(own, locale), locale) })}{' '}
            <VatWording text={t('vatIncluded')} block />
          </p>
          <ul className={styles.promises}>
            {list('offerPromises').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <BuyLink label={t('offerCta')} className={styles.offerCta} initial={initial} />
          {/* The visitor's own edition, whole without script (the picker above may choose another to buy). */}
          <p className={sampleStyles.offerSample}>
            <Link href={samplePagePath(own.id)} prefetch={false}>
              {sample('readFree')}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
