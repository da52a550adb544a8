import { StaticImage } from '@/components/ui/StaticImage';
import { getTranslations } from 'next-intl/server';
import { site } from '@/lib/site';
import { StoreBadges } from '@/components/ui/StoreBadges';
import { PhoneFrame } from './PhoneFrame';
import styles from './Hero.module.css';

/** Server-rendered and static: nothing here waits for JavaScript. */
export async function Hero() {
  const t = await getTranslations('home');
  return (
    <section id="hero" tabIndex={-1} className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{t('heroEyebrow')}</p>
          <h1 id="hero-title" className={styles.headline}>
            {t('heroHeadline')}
          </h1>
          <p className={styles.pitch}>{t('heroPitch', { brand: site.brand })}</p>
          <StoreBadges />
          <p className={styles.trust}>{t('heroTrust')}</p>
        </div>
        <div className={styles.visual} aria-hidden="false">
          <div className={styles.glow} aria-hidden="true" />
          <PhoneFrame className={styles.phone}>
            <StaticImage
              src="/images/screens/swipe-screen.svg"
              alt={t('heroPhoneAlt', { brand: site.brand })}
              width={360}
              height={760}
              // Not preloaded: the LCP element is the headline, and on a phone this picture sits
              // below it; fetched with high priority it would compete with the document and CSS.
              // Low priority also keeps React from announcing it in a preload Link header.
              loading="eager"
              fetchPriority="low"
            />
          </PhoneFrame>
        </div>
      </div>
    </section>
  );
}
