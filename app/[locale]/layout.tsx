import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { alternatesFor } from '@/lib/seo/alternates';
import { canonicalUrl, requestPath } from '@/lib/seo/page-url';
import { isLocale } from '@/lib/i18n/locales';
import { directionOf } from '@/lib/i18n/locales';
import { fontStylesheets } from '@/lib/i18n/fonts';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { fontVariables } from '@/lib/fonts';
import { socialMetadata } from '@/lib/seo/social';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/components/seo/JsonLd';
import { Header } from '@/components/layout/Header';
import { Footer } from '@/components/layout/Footer';
import { ScrollManager } from '@/components/layout/ScrollManager';
import { ScrollToTopButton } from '@/components/layout/ScrollToTopButton';
import { ConsentManager } from '@/components/consent/ConsentManager';
import { getConsentLabels } from '@/components/consent/labels';
import { getServerConsent } from '@/lib/consent/server';
import { ErrorLabelsProvider } from '@/components/layout/ErrorLabels';
import '../globals.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return {
    metadataBase: new URL(env().siteUrl),
    alternates: alternatesFor(env().siteUrl, await requestPath(), locale),
    applicationName: site.brand,
    title: {
      default: t('siteTitle', { brand: site.brand }),
      template: t('titleTemplate', { brand: site.brand }),
    },
    description: t('description', { brand: site.brand }),
    ...socialMetadata({
      title: t('siteTitle', { brand: site.brand }),
      description: t('description', { brand: site.brand }),
      locale,
      url: await canonicalUrl(locale),
    }),
  };
}

export const viewport: Viewport = {
  themeColor: '#b0234f',
  width: 'device-width',
  initialScale: 1,
};

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const [t, consent, consentLabels] = await Promise.all([
    getTranslations({ locale }),
    getServerConsent(),
    getConsentLabels(),
  ]);
  const errorLabels = {
    title: t('errorBoundary.title'),
    body: t('errorBoundary.body'),
    retry: t('errorBoundary.retry'),
    goHome: t('common.goHome'),
  };

  return (
    <html lang={locale} dir={directionOf(locale)} className={fontVariables}>
      <body>
        {/* React hoists these into <head>; only this language's script font is linked. */}
        {fontStylesheets(locale).map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        <JsonLd data={organizationJsonLd(env().siteUrl)} />
        {/* Client islands get translated strings as props: no messages and no ICU formatter ship to the browser. */}
        <Header />
        <main id="main" tabIndex={-1}>
          <ErrorLabelsProvider labels={errorLabels}>{children}</ErrorLabelsProvider>
        </main>
        <Footer />
        <ScrollManager />
        <ScrollToTopButton label={t('common.scrollToTop')} />
        <ConsentManager showBanner={consent.decision === 'unset'} labels={consentLabels} />
      </body>
    </html>
  );
}
