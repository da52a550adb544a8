import { getTranslations } from 'next-intl/server';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { env } from '@/lib/env';
import { urlsIn } from '@/lib/seo/alternates';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/seo/json-ld';
import { editions } from '@/lib/shop/catalogue';
import { JsonLd } from './JsonLd';

/** Product (one Offer per edition) and breadcrumbs for the eBook's landing and purchase pages. */
export async function ShopJsonLd({ editionId }: { editionId?: string }) {
  const [t, locale] = await Promise.all([getTranslations(), getPageLocale()]);
  const siteUrl = env().siteUrl;
  const url = urlsIn(siteUrl, locale);
  const crumbs = [
    { name: t('seo.breadcrumbHome'), url: url('/') },
    { name: t('pages.loveBlueprint'), url: url('/the-love-blueprint') },
    ...(editionId ? [{ name: t('pages.purchase'), url: url(`/the-love-blueprint/${editionId}`) }] : []),
  ];
  return (
    <>
      <JsonLd
        data={productJsonLd({
          siteUrl,
          pageUrl: url('/the-love-blueprint'),
          name: t('pages.loveBlueprint'),
          description: t('pageDescriptions.loveBlueprint'),
          editions,
          editionUrl: (id) => url(`/the-love-blueprint/${id}`),
        })}
      />
      <JsonLd data={breadcrumbJsonLd(crumbs)} />
    </>
  );
}
