import { getTranslations } from 'next-intl/server';
import type { HomeContent } from '@/lib/content/home';
import { site } from '@/lib/site';
import { HomeIcon } from './icons';
import { Reveal } from './Reveal';
import styles from './Home.module.css';
import { HydrateLater } from '@/components/ui/HydrateLater';

const icons = ['verified', 'lock', 'heart', 'chat'];

export async function Advantages({ advantages }: { advantages: HomeContent['advantages'] }) {
  const t = await getTranslations('home');
  return (
    <HydrateLater>
      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="advantages-title">
        <div className="container">
          <Reveal at={0.8} duration={0.8} className={styles.header}>
            <h2 id="advantages-title">{t('advantagesHeading', { brand: site.brand })}</h2>
          </Reveal>
          <ul className={styles.grid4}>
            {advantages.map((advantage, index) => (
              <li key={advantage.title}>
                <Reveal at={0.9} delay={index * 0.1} className={styles.card}>
                  <span className={styles.iconBadge}>
                    <HomeIcon name={icons[index] ?? 'heart'} />
                  </span>
                  <h3>{advantage.title}</h3>
                  <p>{advantage.description}</p>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </HydrateLater>
  );
}
