import { StaticImage } from '@/components/ui/StaticImage';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import type { HomeTestimonial } from '@/lib/content/schemas';
import { directionOf } from '@/lib/i18n/locales';
import { site } from '@/lib/site';
import { Carousel } from '@/components/ui/Carousel';
import { carouselLabels } from '@/components/ui/carousel-labels';
import { Reveal } from './Reveal';
import home from './Home.module.css';
import styles from './Testimonials.module.css';
import { HydrateLater } from '@/components/ui/HydrateLater';

/** The product's home carousel: autoplay every 3000 ms, looping, 1/2/3/4 per view from 0/768/1024/1280 px. */
const HOME_TESTIMONIAL_AUTOPLAY_MS = 3000;

export async function Testimonials({ testimonials }: { testimonials: HomeTestimonial[] }) {
  const [t, locale] = await Promise.all([getTranslations('home'), getPageLocale()]);
  return (
    <HydrateLater>
      <section className={`${home.section} ${home.tinted}`} aria-labelledby="testimonials-title">
        <div className="container">
          <Reveal at={0.8} duration={0.8} className={home.header}>
            <p className={home.eyebrow}>{t('testimonialsEyebrow')}</p>
            <h2 id="testimonials-title">{t('testimonialsHeading')}</h2>
            <p className={home.intro}>{t('testimonialsIntro', { brand: site.brand })}</p>
          </Reveal>
          <Carousel
            className={styles.carousel}
            autoplayMs={HOME_TESTIMONIAL_AUTOPLAY_MS}
            direction={directionOf(locale)}
            labels={carouselLabels(t, t('carouselLabel'), testimonials.length)}
          >
            {testimonials.map((item) => (
              <figure key={item.name} className={styles.card}>
                <StaticImage src={item.image} alt="" width={72} height={72} className={styles.avatar} />
                <blockquote className={styles.quote}>
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption>
                  <span className={styles.name}>{item.name}</span>
                  <span className={styles.meta}>{item.meta}</span>
                </figcaption>
              </figure>
            ))}
          </Carousel>
        </div>
      </section>
    </HydrateLater>
  );
}
