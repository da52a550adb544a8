import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { embedded } from '@/lib/content/embedded';
import type { Post } from '@/lib/content/schemas';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { atomFeed, escapeXml, excerpt, feedPath, type FeedInput } from './feed';

// The feed as the route builds it, from the embedded posts and the real messages, then read back
// by a real feed parser (the one feed readers built on Node use), not by string matching.
const SITE = 'https://amora.example';
const messagesOf = (locale: Locale) =>
  JSON.parse(readFileSync(join(process.cwd(), 'content/messages', `${locale}.json`), 'utf8')) as Messages;
const format = (message: string, locale: Locale) =>
  String(new IntlMessageFormat(message, locale).format({ brand: 'Amora' }));

function inputFor(locale: Locale, posts: readonly Post[] = embedded.posts(locale)): FeedInput {
  const messages = messagesOf(locale);
  return {
    siteUrl: SITE,
    locale,
    brand: 'Amora',
    text: {
      title: format(messages.feed.title, locale),
      subtitle: format(messages.feed.subtitle, locale),
      englishOnly: messages.feed.englishOnly,
    },
    categories: messages.blog.categories,
    posts,
    languageOf: (id) => embedded.postLanguage(id, locale),
  };
}

const englishPostCount = readdirSync(join(process.cwd(), 'content/posts')).filter((file) =>
  file.endsWith('.json'),
).length;

describe('the Atom feed of each language', () => {
  it.each([
    ['en', ''],
    ['fr', '/fr'],
    ['ar', '/ar'],
  ] as const)(
    '%s: well-formed, read by a feed parser with its title, language, links and one entry per article',
    (locale, prefix) => {
      const input = inputFor(locale);
      const xml = atomFeed(input);
      expect(XMLValidator.validate(xml)).toBe(true);

      const feed = parseFeed(xml);
      expect(feed.meta).toEqual({ type: 'atom', version: '1.0' });
      expect(feed.title).toBe(input.text.title);
      expect(feed.title).toContain('Amora');
      expect(feed.description).toBe(input.text.subtitle);
      expect(feed.language).toBe(locale);
      expect(feed.self).toBe(`${SITE}${prefix}/feed.xml`);
      expect(feed.url).toBe(`${SITE}${prefix}/blog`);
      expect(feed.authors.map((author) => author.name)).toEqual(['Amora']);
      expect(feed.image?.url).toBe(`${SITE}/apple-icon.png`);

      // Every article the language's blog page lists (English ones included where untranslated).
      expect(feed.items).toHaveLength(input.posts.length);
      expect(feed.items).toHaveLength(englishPostCount);
      const newest = Math.max(...input.posts.map((post) => Date.parse(post.updated_at)));
      expect(feed.updated?.getTime()).toBe(newest);
      feed.items.forEach((item, index) => {
        const post = input.posts[index]!;
        const url = `${SITE}${prefix}/blog/${encodeURIComponent(post.id)}`;
        expect(item.url).toBe(url);
        expect(item.id).toBe(url);
        expect(new URL(item.url!).origin).toBe(SITE);
        expect(item.title).toBe(post.title);
        expect(item.updated?.toISOString()).toBe(new Date(post.updated_at).toISOString());
        expect(item.description?.length).toBeGreaterThan(40);
        expect(item.categories.map((category) => category.term)).toEqual(post.category ? [post.category.name] : []);
      });
    },
  );

  it('summarizes a translated article in its language, and says an English one is in English in the feed’s language', () => {
    const fr = parseFeed(atomFeed(inputFor('fr')));
    const rekindling = fr.items.find((item) => item.url?.endsWith('/rekindling-connection'))!;
    expect(rekindling.title).toMatch(/raviver/);
    expect(rekindling.description).not.toContain(messagesOf('fr').feed.englishOnly);

    const arXml = atomFeed(inputFor('ar'));
    const ar = parseFeed(arXml);
    // No article is translated into Arabic yet: each is marked English, with the note in Arabic.
    for (const item of ar.items) expect(item.description).toContain(messagesOf('ar').feed.englishOnly);
    expect(arXml.match(/<title type="text" xml:lang="en">/g)).toHaveLength(englishPostCount);
    expect(arXml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ar">');
  });

  it('escapes what a post from a backend may hold, and drops characters XML cannot carry', () => {
    const hostile: Post = {
      id: 'a&b "c"',
      title: 'Tom & Jerry <3 "quotes" \'apostrophes\' \u0001',
      content: '<p>Fish &amp; chips &lt;script&gt; ]]&gt; more</p>',
      category: { name: 'x&y' },
      media: [],
      updated_at: '2026-01-02T03:04:05Z',
    };
    const xml = atomFeed({ ...inputFor('en', [hostile]), brand: 'A & B <Co>' });
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = parseFeed(xml);
    expect(feed.items[0]!.title).toBe('Tom & Jerry <3 "quotes" \'apostrophes\'');
    expect(feed.items[0]!.url).toBe(`${SITE}/blog/a%26b%20%22c%22`);
    expect(feed.items[0]!.description).toBe('Fish & chips <script> ]]> more');
    expect(feed.authors[0]!.name).toBe('A & B <Co>');
    expect(escapeXml('\uD800x\uFFFE')).toBe('x');
  });

  it('is still a valid feed with no article (updated is the time it was built)', () => {
    const now = new Date('2026-03-04T05:06:07Z');
    const xml = atomFeed({ ...inputFor('fr', []), now });
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = parseFeed(xml);
    expect(feed.items).toEqual([]);
    expect(feed.updated?.toISOString()).toBe(now.toISOString());
  });

  it('lives at /feed.xml for English and under the prefix of every other language', () => {
    expect(feedPath('en')).toBe('/feed.xml');
    expect(feedPath('fr')).toBe('/fr/feed.xml');
    expect(feedPath('zh-CN')).toBe('/zh-CN/feed.xml');
  });

  it('cuts a long summary at a word', () => {
    const long = `<p>${'word '.repeat(200)}</p>`;
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut).toMatch(/word…$/);
    expect(excerpt('<p>Short.</p>')).toBe('Short.');
  });
});
