import type { Post } from '@/lib/content/schemas';

/** Six articles per page; the top carousel shows the first three. */
const PAGE_SIZE = 6;
export const CAROUSEL_SIZE = 3;

/** Distinct category names, in order of first appearance. */
export function categoriesOf(posts: Post[]): string[] {
  return [...new Set(posts.map((post) => post.category?.name).filter((name): name is string => Boolean(name)))];
}

/**
 * A category's label: its translation when the locale has one (`blog.categories` in the
 * messages), else the name with hyphens as spaces ("dating-tips" → "dating tips").
 */
export function categoryLabel(name: string, translations: Readonly<Record<string, string>> = {}): string {
  return Object.hasOwn(translations, name) ? translations[name]! : name.replace(/-/g, ' ');
}

export type ListingState = {
  /** null means all categories. */
  category: string | null;
  page: number;
  pageCount: number;
  items: Post[];
  total: number;
};

/**
 * The listing for the URL's `category` and `page`: an unknown category falls back to all,
 * and a page out of range (or not a number) lands on the nearest valid page.
 */
export function listing(posts: Post[], params: { category?: string | null; page?: string | null }): ListingState {
  const categories = categoriesOf(posts);
  const category = params.category && categories.includes(params.category) ? params.category : null;
  const filtered = category ? posts.filter((post) => post.category?.name === category) : posts;
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const requested = Number.parseInt(params.page ?? '1', 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), pageCount) : 1;
  return {
    category,
    page,
    pageCount,
    items: filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total: filtered.length,
  };
}

/** The canonical query of a listing state: `?category=…&page=…`, each left out at its default. */
export function listingQuery(state: { category: string | null; page: number }): string {
  const query = new URLSearchParams();
  if (state.category) query.set('category', state.category);
  if (state.page > 1) query.set('page', String(state.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Other articles of the same category, newest first, for the foot of an article. */
export function relatedPosts(posts: Post[], post: Post, count = 3): Post[] {
  const name = post.category?.name;
  return posts.filter((other) => other.id !== post.id && name && other.category?.name === name).slice(0, count);
}
