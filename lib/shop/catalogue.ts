import { z } from 'zod';
import rawEditions from '@/content/shop/editions.json';
import { directionOfLanguage } from '@/lib/i18n/locales';
import { isSameOriginPath } from '@/lib/security/same-origin-path';

/** One language edition of The Love Blueprint; its price (from content/shop/editions.json) is the only one. */
const editionSchema = z.object({
  id: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  label: z.string().min(1),
  language: z.string().min(2),
  cover: z.string().refine(isSameOriginPath, 'must be a path on this site'),
  price: z.object({ amount: z.number().positive(), currency: z.string().length(3) }).nullable(),
});

export type Edition = z.infer<typeof editionSchema>;

/** What the client islands need of an edition (already formatted on the server). */
export type EditionView = { id: string; label: string; cover: string; coverAlt: string; price: string };

export const editions: readonly Edition[] = z.array(editionSchema).min(1).parse(rawEditions);

export function findEdition(id: string): Edition | undefined {
  return editions.find((edition) => edition.id === id);
}

/** "$7.99" in English, "7,99 $US" in French…; 'N/A' when an edition has no price. */
export function formatPrice(edition: Pick<Edition, 'price'>, locale: string, missing = 'N/A'): string {
  if (!edition.price) return missing;
  const { amount, currency } = edition.price;
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  if (directionOfLanguage(locale) !== 'rtl') return format.format(amount);
  // In right-to-left text a symbol like "US$" splits into "$US": use the plain one ("$") there.
  const symbol = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value;
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
    .join('');
}

export const LAUNCH_EDITION = editions[0]!;

/** The edition in the page's language (every site language has one), else the launch edition. */
export function editionForLocale(locale: string): Edition {
  return editions.find((edition) => edition.language === locale) ?? LAUNCH_EDITION;
}
