import { getTranslations } from 'next-intl/server';
import type { Feature } from '@/lib/content/schemas';
import { site } from '@/lib/site';
import { IconCardGrid } from './IconCardGrid';
import { Reveal } from './Reveal';
import styles from './Home.module.css';
import { HydrateLater } from '@/components/ui/HydrateLater';

export async function Features({ features }: { features: Feature[] }) {
  const t = await getTranslations('home');
  return (
    <HydrateLater>
      <section id="features" tabIndex={-1} className={styles.section} aria-labelledby="features-title">
        <div className="container">
          <Reveal at={0.8} duration={0.8} className={styles.header}>
            <p className={styles.eyebrow}>{t('featuresEyebrow')}</p>
            <h2 id="features-title">{t('featuresHeading')}</h2>
            <p className={styles.intro}>{t('featuresIntro', { brand: site.brand })}</p>
          </Reveal>
          <IconCardGrid cards={features} />
        </div>
      </section>
    </HydrateLater>
  );
}
