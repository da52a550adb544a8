import { messagesOf } from '@/lib/i18n/messages-of';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { Link } from '@/lib/i18n/navigation';
import { localeNames, locales } from '@/lib/i18n/locales';
import { homeSections } from '@/lib/navigation/sections';
import { site } from '@/lib/site';
import { LogoMark } from '@/components/ui/Logo';
import { SiteNav, type SectionLink } from './SiteNav';
import { LocaleSwitcher } from './LocaleSwitcher';
import styles from './Header.module.css';

const sectionLabelKey = {
  hero: 'home',
  features: 'features',
  'how-it-works': 'howItWorks',
  'use-cases': 'useCases',
} as const;

/** The fixed top bar. Server-rendered; only the menu toggle and the language picker are client islands. */
export async function Header() {
  const t = await getTranslations('nav');
  const locale = await getPageLocale();
  const sections: SectionLink[] = homeSections.map((id) => ({ id, label: t(sectionLabelKey[id]) }));

  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <div className={`container ${styles.bar}`}>
        <Link href="/" className={styles.brand} aria-label={t('homeLink', { brand: site.brand })}>
          <LogoMark />
          <span className={styles.wordmark} aria-hidden="true">
            {site.brand}
          </span>
        </Link>
        <SiteNav
          sections={sections}
          labels={{ nav: t('label'), ...messagesOf(t, ['openMenu', 'closeMenu', 'loveBlueprint']) }}
        >
          <LocaleSwitcher
            current={locale}
            options={locales.map((code) => ({ code, name: localeNames[code] }))}
            label={`${t('chooseLanguage')}: ${localeNames[locale]}`}
          />
        </SiteNav>
      </div>
    </header>
  );
}
