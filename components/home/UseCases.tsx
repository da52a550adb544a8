import { StaticImage } from '@/components/ui/StaticImage';
import { getTranslations } from 'next-intl/server';
import { site } from '@/lib/site';
import type { HomeContent } from '@/lib/content/home';
import { PhoneFrame } from './PhoneFrame';
import { Reveal } from './Reveal';
import home from './Home.module.css';
import styles from './UseCases.module.css';
import { HydrateLater } from '@/components/ui/HydrateLater';

/** 'Find Love. Your Way.': three phones (sides tilted ±12°) beside the heading and cards; text first on phones. */
export async function UseCases({ cards }: { cards: HomeContent['useCases']['cards'] }) {
  const t = await getTranslations('home');
  const screens = [
    {
      src: '/images/screens/login-screen.svg',
      alt: t('loginScreenAlt', { brand: site.brand }),
      position: 'left',
      delay: 0.15,
      at: 0.9,
    },
    {
      src: '/images/screens/swipe-screen.svg',
      alt: t('swipeScreenAlt', { brand: site.brand }),
      position: 'centre',
      delay: 0,
      at: 0.85,
    },
    {
      src: '/images/screens/profile-screen.svg',
      alt: t('profileScreenAlt', { brand: site.brand }),
      position: 'right',
      delay: 0.3,
      at: 0.9,
    },
  ] as const;
  return (
    <HydrateLater>
      <section id="use-cases" tabIndex={-1} className={home.section} aria-labelledby="use-cases-title">
        <div className={`container ${styles.layout}`}>
          <div className={styles.phones}>
            {screens.map((screen) => (
              <Reveal
                key={screen.src}
                at={screen.at}
                delay={screen.delay}
                duration={0.8}
                from={{ y: 48 }}
                className={styles.phoneSlot}
              >
                <PhoneFrame className={styles[screen.position]}>
                  <StaticImage src={screen.src} alt={screen.alt} width={360} height={760} />
                </PhoneFrame>
              </Reveal>
            ))}
          </div>
          <div className={styles.copy}>
            <Reveal at={0.85} delay={0.2} duration={0.7}>
              <p className={styles.lead}>{t('useCasesIntro', { brand: site.brand })}</p>
            </Reveal>
            <Reveal at={0.8} duration={0.8}>
              <h2 id="use-cases-title">{t('useCasesHeading')}</h2>
            </Reveal>
            <ul className={styles.cards}>
              {cards.map((card, index) => (
                <li key={card.title}>
                  <Reveal at={0.9} delay={index * 0.1} className={home.card}>
                    <h3>{card.title}</h3>
                    <p>{card.description}</p>
                  </Reveal>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </HydrateLater>
  );
}
