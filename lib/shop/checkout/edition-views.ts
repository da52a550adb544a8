import 'server-only';
import { z } from 'zod';
import { getTranslations } from 'next-intl/server';
import { quoteSchema } from '@/lib/content/schemas';
import { localizedContentFile } from '@/lib/content/files';
import { editions, formatPrice, type EditionView } from '../catalogue';

/** The editions as the shop's client islands need them: labels, covers and prices already formatted. */
export async function editionViews(locale: string): Promise<EditionView[]> {
  const t = await getTranslations('shop');
  return editions.map((edition) => ({
    id: edition.id,
    label: edition.label,
    cover: edition.cover,
    coverAlt: t('coverAlt', { label: edition.label }),
    price: formatPrice(edition, locale, t('notAvailable')),
  }));
}

/** Reader testimonials for the eBook page (content/shop/testimonials.{lang}.json, English fallback). */
export function shopTestimonials(locale: string) {
  return localizedContentFile((language) => `shop/testimonials.${language}.json`, locale, z.array(quoteSchema).min(2))
    .value;
}
