import { z } from 'zod';
import rawEditions from '@/content/shop/editions.json';

/** One language edition of The Love Blueprint; the price lives here and nowhere else (DESIGN.md §5.5). */
export const editionSchema = z.object({
  id: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  label: z.string().min(1),
  language: z.string().min(2),
  price: z.object({ amount: z.number().positive(), currency: z.string().length(3) }).nullable(),
});

export type Edition = z.infer<typeof editionSchema>;

export const editions: readonly Edition[] = z.array(editionSchema).min(1).parse(rawEditions);

export function findEdition(id: string): Edition | undefined {
  return editions.find((edition) => edition.id === id);
}
