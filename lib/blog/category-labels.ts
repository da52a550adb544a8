import 'server-only';
import { getMessages } from 'next-intl/server';
import type { Messages } from '@/lib/i18n/messages';

/** The blog's category names in the page's language (`blog.categories`), keyed by category slug. */
export async function categoryLabels(): Promise<Readonly<Record<string, string>>> {
  return ((await getMessages()) as unknown as Messages).blog.categories;
}
