import { test, expect, expectNoAxeViolations } from './fixtures';
import { locales, directionOf } from '../lib/i18n/locales';

// The markup is the same in every language; what changes is the script, its fonts and the direction.
// So axe scans one page per kind of script (English is scanned with every route in routes.spec.ts),
// and every language is checked for its lang, dir and messages.
const AXE_LOCALES = new Set(['ar', 'bn', 'ja', 'th']);

test.describe('seventeen languages', () => {
  for (const locale of locales) {
    test(`${locale}: the home page is in its language, with the right lang and dir, and no missing messages`, async ({
      page,
    }) => {
      const response = await page.goto(locale === 'en' ? '/' : `/${locale}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('[missing: ');
      if (locale !== 'en') {
        // The headline is translated, not left in English.
        await expect(page.locator('h1')).not.toHaveText('Discover Your True Match, Where Chemistry Meets Connection.');
      }
      if (AXE_LOCALES.has(locale)) await expectNoAxeViolations(page);
    });
  }

  test('switching language keeps the path and query, and is remembered', async ({ page, baseURL }) => {
    await page.goto('/help-centre?q=photo');
    await page.getByRole('button', { name: /Choose language/ }).click();
    await page.locator('header [hreflang="de"]').click();
    await expect(page).toHaveURL(`${baseURL}/de/help-centre?q=photo`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('de');
  });

  test('Arabic is right to left, with its own font and mirrored layout', async ({ page }) => {
    await page.goto('/ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('link[rel="stylesheet"][href="/fonts/arabic.css"]')).toHaveCount(1);
    // In RTL the hero copy sits on the right of its visual on a wide screen.
    await page.setViewportSize({ width: 1440, height: 900 });
    const copy = await page.locator('#hero h1').boundingBox();
    // The phone picture (the store badge marks are images too, with empty alt text).
    const visual = await page.locator('#hero img:not([alt=""])').first().boundingBox();
    expect(copy!.x).toBeGreaterThan(visual!.x);
  });

  test('back links point back in the reading direction: left in English, right in Arabic', async ({ page }) => {
    const arrowTransform = async (path: string) => {
      await page.goto(path);
      const back = page.locator('main a[href$="/blog"]').first();
      await expect(back).toBeVisible();
      return back.locator('[aria-hidden="true"]').evaluate((arrow) => getComputedStyle(arrow).transform);
    };
    expect(await arrowTransform('/blog/first-date-questions-that-matter')).toBe('none');
    expect(await arrowTransform('/ar/blog/first-date-questions-that-matter')).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  });

  test('a Latin page links no script font; a Japanese page links only its own', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.locator('link[href^="/fonts/"]')).toHaveCount(0);
    await page.goto('/ja');
    await expect(page.locator('link[href^="/fonts/"]')).toHaveCount(1);
    await expect(page.locator('link[href="/fonts/jp.css"]')).toHaveCount(1);
  });

  test('long-form documents: French has its own, other languages show English with lang="en" and a note', async ({
    page,
  }) => {
    await page.goto('/fr/blog/intentional-dating');
    await expect(page.locator('article h1')).not.toHaveAttribute('lang', 'en');
    await expect(page.getByRole('note')).toHaveCount(0);
    await page.goto('/de/blog/intentional-dating');
    await expect(page.locator('article h1')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('note')).toBeVisible();
    await page.goto('/de/privacy');
    await expect(page.locator('article[lang="en"]')).toHaveCount(1);
    await expect(page.getByRole('note')).toBeVisible();
  });
});
