import { getTranslations } from 'next-intl/server';
import { StoreBadges } from '@/components/ui/StoreBadges';
import { HomeIcon, Star } from './icons';
import { Reveal } from './Reveal';
import styles from './ClosingCta.module.css';

export async function ClosingCta() {
  const t = await getTranslations('home');
  return (
    <section className={styles.section} aria-labelledby="cta-title">
      <div className="container">
        <Reveal at={0.8} duration={0.8} className={styles.panel}>
          <span className={`${styles.heart} ${styles.heartStart}`} aria-hidden="true">
            <HomeIcon name="heart" size={40} />
          </span>
          <span className={`${styles.heart} ${styles.heartEnd}`} aria-hidden="true">
            <HomeIcon name="heart" size={32} />
          </span>
          <p className={styles.stars} role="img" aria-label={t('ratingLabel')}>
            {Array.from({ length: 5 }, (_, index) => (
              <Star key={index} />
            ))}
          </p>
          <h2 id="cta-title" className={styles.title}>
            {t('ctaHeading')}
          </h2>
          <p className={styles.text}>{t('ctaText')}</p>
          <div className={styles.badges}>
            <StoreBadges tone="light" />
          </div>
        </Reveal>
      </div>
    </section>
  );
}
