import { describe, expect, it } from 'vitest';
import type { Post } from '@/lib/content/schemas';
import { categoriesOf, categoryLabel, listing, listingQuery, relatedPosts } from './listing';

const post = (id: number, category: string): Post => ({
  id: String(id),
  title: `Post ${id}`,
  content: '<p>x</p>',
  category: { name: category },
  media: [],
  updated_at: '2026-01-01T00:00:00Z',
});
const posts = [
  ...Array.from({ length: 8 }, (_, i) => post(i + 1, 'dating-tips')),
  ...Array.from({ length: 5 }, (_, i) => post(i + 9, 'self-growth')),
];

describe('blog listing', () => {
  it('lists categories once, in order, and shows hyphens as spaces', () => {
    expect(categoriesOf(posts)).toEqual(['dating-tips', 'self-growth']);
    expect(categoryLabel('relationship-advice')).toBe('relationship advice');
    // A translation wins; an unknown (backend-defined) category falls back to hyphens as spaces,
    // and inherited object keys are never mistaken for translations.
    expect(categoryLabel('dating-tips', { 'dating-tips': 'conseils de rencontre' })).toBe('conseils de rencontre');
    expect(categoryLabel('new-topic', { 'dating-tips': 'x' })).toBe('new topic');
    expect(categoryLabel('constructor', {})).toBe('constructor');
  });

  it('pages by six', () => {
    const first = listing(posts, {});
    expect(first.items.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(first.pageCount).toBe(3);
    expect(listing(posts, { page: '3' }).items.map((p) => p.id)).toEqual(['13']);
  });

  it('filters by category', () => {
    const state = listing(posts, { category: 'self-growth' });
    expect(state.total).toBe(5);
    expect(state.pageCount).toBe(1);
    expect(state.items.every((p) => p.category?.name === 'self-growth')).toBe(true);
  });

  it('falls back to all for an unknown category', () => {
    expect(listing(posts, { category: 'nope' }).category).toBeNull();
    expect(listing(posts, { category: 'nope' }).total).toBe(13);
  });

  it('lands an out-of-range or malformed page on the nearest valid page', () => {
    expect(listing(posts, { page: '99' }).page).toBe(3);
    expect(listing(posts, { page: '0' }).page).toBe(1);
    expect(listing(posts, { page: '-4' }).page).toBe(1);
    expect(listing(posts, { page: 'abc' }).page).toBe(1);
    expect(listing([], { page: '2' })).toMatchObject({ page: 1, pageCount: 1, items: [] });
  });

  it('writes the canonical query', () => {
    expect(listingQuery({ category: null, page: 1 })).toBe('');
    expect(listingQuery({ category: 'dating-tips', page: 2 })).toBe('?category=dating-tips&page=2');
  });

  it('finds related posts of the same category', () => {
    expect(relatedPosts(posts, posts[0]!).map((p) => p.id)).toEqual(['2', '3', '4']);
  });
});
