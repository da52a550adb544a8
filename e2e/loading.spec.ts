import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** React marks the document it hydrated with a `__reactContainer$…` property. */
const hydrated = (page: Page) => page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')));

/**
 * The page first, then its JavaScript (lib/cache/scripts-after-content.ts): a served document
 * requests Next's chunks once it is parsed or has painted, and they still load before `load`.
 */
for (const path of ['/', '/blog', '/the-love-blueprint/en']) {
  test(`${path}: the chunks are requested after the content and loaded before the load event`, async ({ page }) => {
    const html = await (await page.request.get(path)).text();
    const chunkTags = html.match(/<script[^>]+src="\/_next\/static\/chunks\/[^"]+\.js"[^>]*>/g) ?? [];
    // Only the noModule polyfill keeps its tag (modern browsers skip it).
    expect(chunkTags.filter((tag) => !tag.includes('noModule'))).toEqual([]);
    expect(html).toMatch(/<script nonce="[^"]+" data-src="\[&quot;\/_next\/static\/chunks\//);

    await page.goto(path);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByType('paint').map((e) => e.startTime);
      const chunks = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/_next/static/chunks/') && e.name.endsWith('.js'));
      return {
        count: chunks.length,
        contentReady: Math.min(navigation.domContentLoadedEventStart, ...paint),
        firstRequest: Math.min(...chunks.map((e) => e.startTime)),
        lastResponse: Math.max(...chunks.map((e) => e.responseEnd)),
        load: navigation.loadEventStart,
      };
    });
    expect(timing.count).toBeGreaterThan(3);
    expect(timing.firstRequest).toBeGreaterThanOrEqual(timing.contentReady - 1);
    // Whatever waits for `load` (page.goto here) finds the JavaScript there, as before.
    expect(timing.lastResponse).toBeLessThanOrEqual(timing.load);
    await expect.poll(() => hydrated(page), { timeout: 10_000 }).toBe(true);
  });
}

test('right after page.goto, an island answers the first interaction', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});
