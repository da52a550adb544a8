import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { test, expect } from './fixtures';

type ApiPost = { id: string; updated_at: string };

// Each language's blog as Atom, as a feed reader gets it from the running server: plain fetch, no
// cookie jar (a remembered language must not move a feed), read by a real feed parser.
test.describe('Atom feeds', () => {
  for (const [locale, prefix] of [
    ['en', ''],
    ['fr', '/fr'],
  ] as const) {
    test(`${prefix}/feed.xml is an Atom feed of the ${locale} blog, every link absolute and answering`, async ({
      baseURL,
      request,
    }) => {
      const posts = ((await (await request.get('/api/posts')).json()) as { data: ApiPost[] }).data;
      const response = await fetch(`${baseURL}${prefix}/feed.xml`, {
        headers: { 'Accept-Language': 'ja', Cookie: 'NEXT_LOCALE=de' },
        redirect: 'manual',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const xml = await response.text();
      expect(XMLValidator.validate(xml)).toBe(true);

      const feed = parseFeed(xml);
      expect(feed.meta.type).toBe('atom');
      expect(feed.language).toBe(locale);
      expect(feed.title).toContain('Amora');
      expect(feed.self).toBe(`${baseURL}${prefix}/feed.xml`);
      expect(feed.url).toBe(`${baseURL}${prefix}/blog`);
      expect(feed.items).toHaveLength(posts.length);
      expect(feed.updated?.getTime()).toBe(Math.max(...posts.map((post) => Date.parse(post.updated_at))));
      for (const item of feed.items) {
        expect(item.url).toMatch(new RegExp(`^${baseURL}${prefix}/blog/[^/]+$`));
        expect(item.updated).toBeInstanceOf(Date);
        expect(item.description).toBeTruthy();
      }
      // The blog page and two articles it links answer, as a reader following them would land.
      for (const url of [
        feed.url!,
        feed.items[0]!.url!,
        feed.items.at(-1)!.url!,
        feed.image?.url ?? `${baseURL}/apple-icon.png`,
      ]) {
        expect((await fetch(url, { redirect: 'manual' })).status, url).toBe(200);
      }
      // Unchanged, it costs a poller a 304.
      const etag = response.headers.get('etag')!;
      expect((await fetch(`${baseURL}${prefix}/feed.xml`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    });
  }

  test('/en/feed.xml is /feed.xml; a path that is no language is not a feed', async ({ baseURL }) => {
    const english = await fetch(`${baseURL}/en/feed.xml`, { redirect: 'manual' });
    expect(english.status).toBe(308);
    expect(english.headers.get('location')).toBe('/feed.xml');
    expect((await fetch(`${baseURL}/xx/feed.xml`, { redirect: 'manual' })).status).toBe(404);
  });

  for (const [path, feedUrl] of [
    ['/blog', '/feed.xml'],
    ['/fr/blog', '/fr/feed.xml'],
    ['/fr/blog/first-date-questions-that-matter', '/fr/feed.xml'],
  ] as const) {
    test(`${path} links its language's feed, which answers`, async ({ page, baseURL }) => {
      await page.goto(path);
      const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute('href', `${baseURL}${feedUrl}`);
      await expect(link).toHaveAttribute('title', /Amora/);
      // The page keeps its canonical and hreflang links beside the feed's.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(18);
      const feed = await fetch((await link.getAttribute('href'))!);
      expect(feed.status).toBe(200);
      expect(parseFeed(await feed.text()).items.length).toBeGreaterThan(0);
    });
  }
});
