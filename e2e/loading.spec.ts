import { test, expect, isHydrated } from './fixtures';

/**
 * Documents carry Next's own script tags, whether rendered for this request or served from the
 * front door's store: every script the document names is in it from the start, so the browser's
 * `load` event waits for all of them, and whatever waits for `load` (a QA suite's page.goto) finds
 * the page hydrating. Scripts loaded later on purpose (the carousels when idle) are not counted.
 */
for (const path of ['/', '/blog', '/the-love-blueprint/en']) {
  test(`${path}: every script the document names has loaded by the load event, rendered or stored`, async ({
    page,
  }) => {
    for (let visit = 0; visit < 2; visit += 1) {
      // The scripts the served document names (not the ones the page adds later on purpose).
      const html = await (await page.request.get(path)).text();
      const named = [...html.matchAll(/<script\b(?![^>]*\bnomodule)[^>]*\bsrc="([^"]+)"/gi)].map(
        (m) =>
          new URL(m[1]!.replace(/&amp;/g, '&'), page.url() === 'about:blank' ? 'http://localhost' : page.url())
            .pathname,
      );
      expect(named.length).toBeGreaterThan(3);
      await page.goto(path);
      const timing = await page.evaluate((paths) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const ends = paths.map((p) => entries.find((e) => new URL(e.name).pathname === p)?.responseEnd ?? Infinity);
        return { lastResponse: Math.max(...ends), load: navigation.loadEventStart };
      }, named);
      expect(timing.lastResponse).toBeLessThanOrEqual(timing.load);
      await expect.poll(() => isHydrated(page), { timeout: 10_000 }).toBe(true);
    }
  });
}

test('right after page.goto, an island answers the first interaction', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});

/**
 * The largest picture on the first screen must not wait for lazy loading: the browser only fetches
 * a lazy image after layout, so a lazy LCP image starts late (Lighthouse's `lcp-lazy-loaded`).
 * Checked on the key pages that have a picture on the first screen (the help centre has none).
 */
for (const path of [
  '/',
  '/blog',
  '/blog/first-date-questions-that-matter',
  '/the-love-blueprint',
  '/the-love-blueprint/en',
]) {
  test(`${path}: the largest picture on the first screen is not lazy-loaded, on a phone and a desktop`, async ({
    page,
  }) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      const largest = await page.evaluate(() => {
        // Every <img> with a part of its box in the first screen, with the area of that part.
        const seen = [...document.images].map((img) => {
          const box = img.getBoundingClientRect();
          const height = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
          const width = Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0));
          return { src: img.currentSrc || img.src, loading: img.getAttribute('loading'), area: width * height };
        });
        return seen.filter((image) => image.area > 0).sort((a, b) => b.area - a.area)[0] ?? null;
      });
      expect(largest, `a picture on the first screen at ${viewport.width} px`).not.toBeNull();
      expect(largest!.loading, `${largest!.src} is on the first screen at ${viewport.width} px`).not.toBe('lazy');
    }
  });
}
