import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getHomeContent } from '@/lib/content/home';
import { getFaqs } from '@/lib/content';
import { readyNow } from '@/lib/content/ready-now';
import { site } from '@/lib/site';
import { socialMetadata } from '@/lib/seo/social';
import { canonicalUrl } from '@/lib/seo/page-url';
import { Hero } from '@/components/home/Hero';
import { Features } from '@/components/home/Features';
import { HowItWorks } from '@/components/home/HowItWorks';
import { UseCases } from '@/components/home/UseCases';
import { Coaching } from '@/components/home/Coaching';
import { Testimonials } from '@/components/home/Testimonials';
import { FaqSection } from '@/components/home/FaqSection';
import { FaqLoadingOverlay } from '@/components/home/FaqLoadingOverlay';
import { Advantages } from '@/components/home/Advantages';
import { ClosingCta } from '@/components/home/ClosingCta';
import { RevealOnScroll } from '@/components/home/RevealOnScroll';

export async function generateMetadata(): Promise<Metadata> {
  const [t, locale] = await Promise.all([getTranslations(), getPageLocale()]);
  const title = t('metadata.siteTitle', { brand: site.brand });
  const description = t('metadata.description', { brand: site.brand });
  return {
    title: { absolute: title },
    description,
    ...socialMetadata({ title, description, locale, image: 'home', imageAlt: t('seo.ogImageAlt', { brand: site.brand }), url: await canonicalUrl(locale) }),
  };
}

/** The landing page: a server component; only the step selector, carousel, FAQ tabs and the one entrance-animation script are client islands. */
export default async function HomePage() {
  const [locale, t] = await Promise.all([getPageLocale(), getTranslations('home')]);
  const content = getHomeContent(locale);
  const faqs = getFaqs(locale);
  // FAQs that are already here (the embedded store, a cached backend answer) render in place.
  // Only a real fetch streams behind the overlay, so a slow backend never holds back the page
  // and the overlay shows on a client navigation for as long as the FAQs take.
  const faqsReady = (await readyNow(faqs)) !== undefined;
  const faqSection = <FaqSection faqs={faqs} />;
  return (
    <>
      <Hero />
      <Features features={content.features} />
      <HowItWorks steps={content.steps} />
      <UseCases cards={content.useCases.cards} />
      <Coaching coaching={content.coaching} />
      <Testimonials testimonials={content.testimonials} />
      {faqsReady ? faqSection : <Suspense fallback={<FaqLoadingOverlay label={t('faqLoading')} />}>{faqSection}</Suspense>}
      <Advantages advantages={content.advantages} />
      <ClosingCta />
      <RevealOnScroll />
    </>
  );
}
