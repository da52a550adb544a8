import { test, expect } from './fixtures';
import { locales } from '../lib/i18n/locales';

// Parsed JSON-LD: loosely typed on purpose, the assertions check the shape.
type LdNode = {
  [key: string]: unknown;
  offers: { url: string }[];
  itemListElement: { position: number }[];
  sameAs: string[];
  dateModified: string;
};

test.describe('canonical, hreflang, sitemap and robots', () => {
  test('each page links its canonical URL and all 17 languages plus x-default', async ({ page, baseURL }) => {
    await page.goto('/fr/blog');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/fr/blog`);
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    await expect(alternates).toHaveCount(18);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${baseURL}/blog`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      'href',
      `${baseURL}/blog`,
    );
    // /en is English by name: a redirect to its bare path, /.
    await page.goto('/en');
    await expect(page).toHaveURL(`${baseURL}/`);
    // Next writes the site root without its trailing slash; both name the same URL.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^${baseURL}/?$`));
  });

  test('the sitemap is valid XML, lists every language, and its URLs answer 200', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length,
        urls: [...doc.getElementsByTagName('loc')].map((n) => n.textContent!),
      };
    }, xml);
    expect(parsed.error).toBe(0);
    expect(parsed.urls).toContain(`${baseURL}/`);
    expect(parsed.urls).toContain(`${baseURL}/ar/the-love-blueprint/fr`);
    expect(parsed.urls).toContain(`${baseURL}/ar/the-love-blueprint/fr/sample`);
    expect(parsed.urls).toContain(`${baseURL}/ar/accessibility`);
    expect(parsed.urls.some((u) => u.includes('/success') || u.includes('/modern-slavery-act'))).toBe(false);
    // Every URL, a few at a time (several hundred: every page in 17 languages).
    const failures: string[] = [];
    const queue = [...parsed.urls];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          // Plain fetch: no cookie jar, as a crawler sees it (a remembered language would redirect).
          const status = (await fetch(url, { redirect: 'manual' })).status;
          if (status !== 200) failures.push(`${status} ${url}`);
        }
      }),
    );
    expect(failures).toEqual([]);
  });

  test('robots.txt allows crawling and points to the sitemap', async ({ request, baseURL }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain('Allow: /');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('JSON-LD parses and carries the required fields', async ({ page, baseURL }) => {
    const blocks = async () =>
      (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => {
        expect(text).not.toContain('<');
        return JSON.parse(text) as Record<string, unknown> & { '@type': string };
      });
    const byType = (list: { '@type': string }[], type: string) =>
      list.find((item) => item['@type'] === type) as LdNode | undefined;

    await page.goto('/');
    const home = await blocks();
    expect(byType(home, 'Organization')).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Amora',
      url: `${baseURL}/`,
    });
    expect(byType(home, 'Organization')!.sameAs).toEqual(
      expect.arrayContaining([expect.stringContaining('apps.apple.com'), expect.stringContaining('play.google.com')]),
    );

    await page.goto('/fr/the-love-blueprint');
    const shop = await blocks();
    const product = byType(shop, 'Product')!;
    // One offer per edition, in the language order of lib/i18n/locales.ts.
    expect(product.offers).toHaveLength(locales.length);
    for (const offer of product.offers)
      expect(offer).toMatchObject({
        '@type': 'Offer',
        price: '7.99',
        priceCurrency: 'USD',
        priceSpecification: { '@type': 'UnitPriceSpecification', price: '7.99', valueAddedTaxIncluded: true },
        availability: 'https://schema.org/InStock',
      });
    expect(product.offers.map((o: { url: string }) => o.url)).toEqual(
      locales.map((id) => `${baseURL}/fr/the-love-blueprint/${id}`),
    );
    expect(byType(shop, 'BreadcrumbList')!.itemListElement).toHaveLength(2);

    // /en/… redirects to the English page at its bare path.
    await page.goto('/en/blog/intentional-dating');
    const article = await blocks();
    expect(byType(article, 'BlogPosting')).toMatchObject({
      headline: await page.locator('h1').innerText(),
      mainEntityOfPage: `${baseURL}/blog/intentional-dating`,
      inLanguage: 'en',
    });
    // Google wants the publisher's name and logo inline, not only a reference.
    expect(byType(article, 'BlogPosting')!.publisher).toMatchObject({
      '@type': 'Organization',
      name: 'Amora',
      logo: { '@type': 'ImageObject', url: `${baseURL}/icons/icon-512.png` },
    });
    expect(byType(article, 'BlogPosting')!.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byType(article, 'BreadcrumbList')!.itemListElement.map((i: { position: number }) => i.position)).toEqual([
      1, 2, 3,
    ]);
  });

  test('every key page has a unique localized title and description, and an Open Graph image', async ({
    page,
    request,
    baseURL,
  }) => {
    // Unique within a language ('Blog' may well be the same word in two languages). Twenty-four
    // documents' heads as a crawler reads them: the server's HTML, parsed without running it.
    const seen = new Set<string>();
    const paths = ['', '/fr', '/ja', '/ar'].flatMap((prefix) =>
      ['/', '/blog', '/the-love-blueprint', '/the-love-blueprint/en/sample', '/help-centre', '/accessibility'].map(
        (p) => (prefix && p === '/' ? prefix : prefix + p),
      ),
    );
    for (const path of paths) {
      // Plain fetch: no cookie jar, so no remembered language redirects '/'.
      const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      const head = await page.evaluate(
        (html) => {
          const doc = new DOMParser().parseFromString(html, 'text/html');
          const attribute = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? null;
          return {
            title: doc.title,
            description: attribute('meta[name="description"]', 'content'),
            image: attribute('meta[property="og:image"]', 'content'),
            card: attribute('meta[name="twitter:card"]', 'content'),
            canonical: attribute('link[rel="canonical"]', 'href'),
            ogUrl: attribute('meta[property="og:url"]', 'content'),
          };
        },
        await response.text(),
      );
      expect(head.title, path).toBeTruthy();
      expect(head.description?.length, path).toBeGreaterThan(40);
      const key = `${path.split('/')[1]?.length === 2 ? path.split('/')[1] : 'en'}:${head.title}`;
      expect(seen.has(key), `${path}: ${head.title}`).toBe(false);
      seen.add(key);
      expect(head.image, path).toMatch(/\/og\/\w+\.png$/);
      const png = await request.get(new URL(head.image!).pathname);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(head.card, path).toBe('summary_large_image');
      // og:url is the page's canonical URL.
      expect(head.canonical, path).toBeTruthy();
      expect(head.ogUrl, path).toBe(head.canonical);
    }
  });
});
