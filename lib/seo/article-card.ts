import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The article's own Open Graph card (scripts/og-images.mjs builds one per article of the embedded
 * store, French ones under fr/), or undefined for an article it has none for (a post only the
 * remote backend has): the blog's card stands in. Only plain slugs are looked up on disk.
 */
export function articleCard(id: string, language: string): string | undefined {
  if (!/^[a-z0-9-]{1,120}$/.test(id)) return undefined;
  const path = `/og/posts/${language === 'fr' ? 'fr/' : ''}${id}.png`;
  return existsSync(join(process.cwd(), 'public', path)) ? path : undefined;
}
