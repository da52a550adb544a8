import { getTranslations } from 'next-intl/server';
import type { HomeContent } from '@/lib/content/home';
import { site } from '@/lib/site';
import { IconCardGrid } from './IconCardGrid';
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
          <IconCardGrid
            cards={advantages.map((advantage, index) => ({ ...advantage, icon: icons[index] ?? 'heart' }))}
          />
        </div>
      </section>
    </HydrateLater>
  );
}
