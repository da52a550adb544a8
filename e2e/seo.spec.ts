import { test, expect } from './fixtures';

test.describe('canonical, hreflang, sitemap and robots', () => {
  test('each page links its canonical URL and all 17 languages plus x-default', async ({ page, baseURL }) => {
    await page.goto('/fr/blog');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/fr/blog`);
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    await expect(alternates).toHaveCount(18);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${baseURL}/blog`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/blog`);
    // /en records English again (the visit to /fr/… remembered French), then lands on /.
    await page.goto('/en');
    await expect(page).toHaveURL(`${baseURL}/`);
    // Next writes the site root without its trailing slash; both name the same URL.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^${baseURL}/?$`));
  });

  test('the sitemap is valid XML, lists every language, and its URLs answer 200', async ({ page, request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return { error: doc.getElementsByTagName('parsererror').length, urls: [...doc.getElementsByTagName('loc')].map((n) => n.textContent!) };
    }, xml);
    expect(parsed.error).toBe(0);
    expect(parsed.urls).toContain(`${baseURL}/`);
    expect(parsed.urls).toContain(`${baseURL}/ar/the-love-blueprint/fr`);
    expect(parsed.urls.some((u) => u.includes('/success') || u.includes('/modern-slavery-act'))).toBe(false);
    // A sample across languages and page types (the full list is several hundred URLs).
    const sample = parsed.urls.filter((_, index) => index % 23 === 0);
    for (const url of sample) expect((await request.get(url.replace(baseURL!, ''))).status(), url).toBe(200);
  });

  test('robots.txt allows crawling and points to the sitemap', async ({ request, baseURL }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain('Allow: /');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
