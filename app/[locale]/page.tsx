import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { site } from '@/lib/site';
import { StoreBadges } from '@/components/ui/StoreBadges';
import styles from '@/components/home/HomeSections.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: { absolute: t('siteTitle', { brand: site.brand }) } };
}

export default async function HomePage() {
  const t = await getTranslations();
  const sections = [
    { id: 'features', heading: t('home.featuresHeading') },
    { id: 'how-it-works', heading: t('home.howItWorksHeading') },
    { id: 'use-cases', heading: t('home.useCasesHeading') },
  ];
  return (
    <>
      <section id="hero" tabIndex={-1} className={styles.hero} aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title" className={styles.headline}>
            {t('home.heroHeadline')}
          </h1>
          <p className={styles.pitch}>{t('home.heroPitch', { brand: site.brand })}</p>
          <StoreBadges />
        </div>
      </section>
      {sections.map((section) => (
        <section key={section.id} id={section.id} tabIndex={-1} className={styles.section} aria-labelledby={`${section.id}-title`}>
          <div className="container">
            <h2 id={`${section.id}-title`}>{section.heading}</h2>
            <p className={styles.pitch}>{t('common.comingSoon')}</p>
          </div>
        </section>
      ))}
    </>
  );
}
