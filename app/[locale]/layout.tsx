import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';
import { directionOf } from '@/lib/i18n/locales';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { fontVariables } from '@/lib/fonts';
import { Header } from '@/components/layout/Header';
import { Footer } from '@/components/layout/Footer';
import { ScrollManager } from '@/components/layout/ScrollManager';
import { ScrollToTopButton } from '@/components/layout/ScrollToTopButton';
import { ConsentManager } from '@/components/consent/ConsentManager';
import { getConsentLabels } from '@/components/consent/consentLabels';
import { getServerConsent } from '@/lib/consent/server';
import '../globals.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return {
    metadataBase: new URL(env().siteUrl),
    applicationName: site.brand,
    title: {
      default: t('siteTitle', { brand: site.brand }),
      template: t('titleTemplate', { brand: site.brand }),
    },
    description: t('description', { brand: site.brand }),
  };
}

export const viewport: Viewport = {
  themeColor: '#b0234f',
  width: 'device-width',
  initialScale: 1,
};

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  const t = await getTranslations({ locale, namespace: 'common' });
  const [messages, consent, consentLabels] = await Promise.all([
    getMessages({ locale }),
    getServerConsent(),
    getConsentLabels(),
  ]);

  return (
    <html lang={locale} dir={directionOf(locale)} className={fontVariables}>
      <body>
        {/* Client islands get translated strings as props; only the error boundary, which
            cannot receive props, reads messages on the client, so only its own are shipped. */}
        <NextIntlClientProvider messages={{ errorBoundary: messages.errorBoundary, common: messages.common }}>
          <Header />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
          <ScrollManager />
          <ScrollToTopButton label={t('scrollToTop')} />
          <ConsentManager showBanner={consent.decision === 'unset'} labels={consentLabels} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
