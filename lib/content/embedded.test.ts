import { describe, expect, it } from 'vitest';
import { embedded } from './embedded';
import { htmlToText } from '@/lib/security/sanitize-html';
import { guidelineTopics } from '@/lib/guidelines';
import { parseMedia } from './media';

const words = (html: string) => htmlToText(html).split(/\s+/).filter(Boolean).length;

describe('embedded content store', () => {
  it('has at least 16 FAQs across at least 4 categories, brand filled in', () => {
    const faqs = embedded.faqs();
    expect(faqs.length).toBeGreaterThanOrEqual(16);
    expect(new Set(faqs.map((f) => f.category)).size).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(faqs)).not.toContain('{brand}');
    expect(JSON.stringify(faqs)).toContain('Amora');
  });

  it('has a help centre of at least 5 categories with at least 4 questions each', () => {
    const help = embedded.help();
    const categories = Object.entries(help);
    expect(categories.length).toBeGreaterThanOrEqual(5);
    for (const [name, items] of categories) expect(items.length, name).toBeGreaterThanOrEqual(4);
  });

  it('has at least 14 real posts in at least 4 categories, some hyphenated, both media forms', () => {
    const posts = embedded.posts();
    expect(posts.length).toBeGreaterThanOrEqual(14);
    const categories = new Set(posts.map((p) => p.category?.name));
    expect(categories.size).toBeGreaterThanOrEqual(4);
    expect([...categories].some((c) => c?.includes('-'))).toBe(true);
    for (const post of posts) {
      expect(words(post.content), post.id).toBeGreaterThanOrEqual(500);
      expect(Number.isNaN(Date.parse(post.updated_at))).toBe(false);
      expect(parseMedia(post.media).length, post.id).toBeGreaterThan(0);
    }
    expect(posts.some((p) => typeof p.media === 'string')).toBe(true);
    expect(posts.some((p) => Array.isArray(p.media))).toBe(true);
    // Newest first.
    const dates = posts.map((p) => Date.parse(p.updated_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('has a full terms document', () => {
    const terms = embedded.terms() ?? '';
    expect(terms).toMatch(/<body>[\s\S]*<\/body>/);
    expect(words(terms)).toBeGreaterThan(1500);
  });

  it('has the Privacy and Cookies Policies with their July 2025 dates and the support email', () => {
    const privacy = embedded.document('privacy', 'en')!;
    expect(privacy.effective).toBe('2025-07-15');
    expect(privacy.updated).toBe('2025-07-15');
    expect(JSON.stringify(privacy)).toContain('support@amora.example');
    const cookies = embedded.document('cookies', 'en')!;
    expect(cookies.effective).toBe('2025-07-15');
    const text = JSON.stringify(cookies).toLowerCase();
    for (const kind of ['essential', 'performance', 'functional', 'advertising']) expect(text).toContain(kind);
  });

  it('has a page for each of the 15 guideline topics', () => {
    const topics = embedded.guidelineTopics('en')!;
    expect(Object.keys(topics).sort()).toEqual([...guidelineTopics].sort());
  });

  it('links every conduct topic from the Community Guidelines', () => {
    const text = JSON.stringify(embedded.document('community-guidelines', 'en'));
    for (const slug of guidelineTopics) expect(text).toContain(`/guidelines/${slug})`);
  });

  it('has no language but English for long-form documents yet, and says so', () => {
    expect(embedded.document('privacy', 'ja')).toBeUndefined();
  });
});
