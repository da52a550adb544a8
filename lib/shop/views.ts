import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { getTranslations } from 'next-intl/server';
import { quoteSchema } from '@/lib/content/schemas';
import { fillTokensDeep } from '@/lib/content/tokens';
import { editions, formatPrice } from './catalogue';
import type { EditionView } from '@/components/shop/types';

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
  for (const language of [locale, 'en']) {
    try {
      const raw = JSON.parse(readFileSync(join(process.cwd(), 'content', 'shop', `testimonials.${language}.json`), 'utf8')) as unknown;
      return fillTokensDeep(z.array(quoteSchema).min(2).parse(raw));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error('content/shop/testimonials.en.json is missing');
}
