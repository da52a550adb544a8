import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { site } from '@/lib/site';
import { MINIMUM_AGE } from '@/lib/constants';
import { LogoMark } from '@/components/ui/Logo';
import { StoreBadges } from '@/components/ui/StoreBadges';
import { FacebookIcon, InstagramIcon, XIcon } from '@/components/ui/icons';
import { OpenPreferencesButton } from '@/components/consent/OpenPreferencesButton';
import styles from './Footer.module.css';

const legalLinks = [
  { href: '/terms', key: 'terms' },
  { href: '/privacy', key: 'privacy' },
  { href: '/community-guidelines', key: 'communityGuidelines' },
  { href: '/manage-cookies', key: 'manageCookies' },
  { href: '/accessibility', key: 'accessibility' },
] as const;

const companyLinks = [
  { href: '/blog', key: 'blog' },
  { href: '/help-centre', key: 'helpCentre' },
  { href: '/library', key: 'findPurchases' },
] as const;

export async function Footer() {
  const t = await getTranslations('footer');
  const tBadges = await getTranslations('badges');
  const tConsent = await getTranslations('consent');
  const social = [
    {
      href: site.social.instagram,
      label: t('instagram', { brand: site.brand }),
      icon: <InstagramIcon />,
      id: 'instagram',
    },
    { href: site.social.facebook, label: t('facebook', { brand: site.brand }), icon: <FacebookIcon />, id: 'facebook' },
    { href: site.social.x, label: t('x', { brand: site.brand }), icon: <XIcon />, id: 'x' },
  ];

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <p className={styles.brand}>
            <LogoMark size={32} />
            <span>{site.brand}</span>
          </p>
          <p className={styles.tagline}>{t('tagline')}</p>
          <p className={styles.small}>{t('adultsOnly', { brand: site.brand, age: MINIMUM_AGE })}</p>
        </div>
        <nav aria-labelledby="footer-legal" className={styles.column}>
          <h2 id="footer-legal" className={styles.heading}>
            {t('legal')}
          </h2>
          <ul className={styles.links}>
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company" className={styles.column}>
          <h2 id="footer-company" className={styles.heading}>
            {t('company')}
          </h2>
          <ul className={styles.links}>
            {companyLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>{t('getTheApp')}</h2>
          <StoreBadges tone="light" />
          <h2 className={`${styles.heading} ${styles.follow}`}>{t('followUs')}</h2>
          <ul className={styles.social}>
            {social.map((item) => (
              <li key={item.id}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-social={item.id}
                  className={styles.socialLink}
                >
                  {item.icon}
                  <span className="visually-hidden">
                    {item.label} {tBadges('newTab')}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear(), brand: site.brand })}</p>
        <OpenPreferencesButton label={tConsent('footerSettings')} className={styles.cookieSettings} />
      </div>
    </footer>
  );
}
