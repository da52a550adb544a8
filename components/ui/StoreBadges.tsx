import { getTranslations } from 'next-intl/server';
import { site } from '@/lib/site';
import { StaticImage } from './StaticImage';
import styles from './StoreBadges.module.css';

/**
 * App Store and Google Play badges; both open the generic store address in a new tab.
 * The store marks are files (public/images/badges/), not inline SVG: a page shows the badges
 * up to three times, and inline paths travelled in both the HTML and the RSC payload each time.
 * The Apple mark is a CSS mask so it takes the badge's text colour in either tone.
 */
export async function StoreBadges({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const t = await getTranslations('badges');
  const badges = [
    {
      href: site.appStoreUrl,
      icon: <span className={styles.appleMark} aria-hidden="true" />,
      line1: t('appStoreLine1'),
      line2: t('appStoreLine2'),
      id: 'app-store',
    },
    {
      href: site.playStoreUrl,
      icon: (
        <StaticImage
          className={styles.playMark}
          src="/images/badges/google-play.svg"
          alt=""
          width={24}
          height={24}
          loading="eager"
        />
      ),
      line1: t('googlePlayLine1'),
      line2: t('googlePlayLine2'),
      id: 'google-play',
    },
  ];
  return (
    <ul className={styles.badges} data-tone={tone}>
      {badges.map((badge) => (
        <li key={badge.id}>
          <a className={styles.badge} href={badge.href} target="_blank" rel="noopener noreferrer" data-store={badge.id}>
            {badge.icon}
            <span className={styles.text}>
              <span className={styles.line1}>{badge.line1}</span>
              <span className={styles.line2}>{badge.line2}</span>
            </span>
            <span className="visually-hidden"> {t('newTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
