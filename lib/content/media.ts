import { isSameOriginPath } from '@/lib/security/same-origin-path';

/** The fallback cover when a post has no usable image. */
export const DEFAULT_BLOG_IMAGE = '/images/blog/default.svg';

/**
 * A post's media: a list of image addresses (the first is the cover), given either as an
 * array or as a JSON-encoded string. Anything unparsable, or not a list, gives an empty list; entries
 * that are not non-empty strings are dropped.
 */
export function parseMedia(media: unknown): string[] {
  let value = media;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());
}

/**
 * Only a path on this site (the one same-origin rule: '/\evil.example/x.png' names another host) or
 * an https image is used, so a backend cannot point covers, and the og:image made of them, elsewhere.
 */
function isSafeImage(src: string): boolean {
  return isSameOriginPath(src) || src.startsWith('https://');
}

/** The cover: the first media item, else the default blog image. */
export function coverOf(media: unknown): string {
  const first = parseMedia(media)[0];
  return first && isSafeImage(first) ? first : DEFAULT_BLOG_IMAGE;
}
