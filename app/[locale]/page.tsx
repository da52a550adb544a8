import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { getHomeContent } from '@/lib/content/home';
import { getFaqs } from '@/lib/content';
import { readyNow } from '@/lib/content/ready-now';
import { isDocumentRequest } from '@/lib/http/fetch-metadata';
import { declareUnshareable } from '@/lib/http/document-policy';
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
    ...socialMetadata({
      title,
      description,
      locale,
      image: 'home',
      imageAlt: t('seo.ogImageAlt', { brand: site.brand }),
      url: await canonicalUrl(locale),
    }),
  };
}

/** The landing page: a server component; only the step selector, carousel, FAQ tabs and the one entrance-animation script are client islands. */
export default async function HomePage() {
  const [locale, t] = await Promise.all([getPageLocale(), getTranslations('home')]);
  const content = getHomeContent(locale);
  const faqs = getFaqs(locale);
  // A document is whole in its first HTML, so it waits for the FAQs (the content layer answers or
  // gives up within its timeout), as do FAQs that are already here. Only a client navigation
  // whose FAQs need a real fetch streams them behind the overlay; that render is no one else's.
  const faqsInPlace = (await isDocumentRequest()) || (await readyNow(faqs)) !== undefined;
  if (!faqsInPlace) declareUnshareable();
  const faqSection = <FaqSection faqs={faqs} />;
  return (
    <>
      <Hero />
      <Features features={content.features} />
      <HowItWorks steps={content.steps} />
      <UseCases cards={content.useCases.cards} />
      <Coaching coaching={content.coaching} />
      <Testimonials testimonials={content.testimonials} />
      {faqsInPlace ? (
        faqSection
      ) : (
        <Suspense fallback={<FaqLoadingOverlay label={t('faqLoading')} />}>{faqSection}</Suspense>
      )}
      <Advantages advantages={content.advantages} />
      <ClosingCta />
      <RevealOnScroll />
    </>
  );
}
