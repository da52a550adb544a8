import { routes, test, expect } from './fixtures';
import { directionOf, locales } from '../lib/i18n/locales';
import { site } from '../lib/site';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A locale's UI message at a dotted key, read from content/messages as the page reads it. */
function message(locale: string, key: string): string {
  const catalogue = JSON.parse(readFileSync(join(process.cwd(), 'content', 'messages', `${locale}.json`), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], catalogue) as string;
}

// The European Accessibility Act wants the statement easy to find: in every language, the footer
// links it, and the link leads to the statement in that language with the support address to write to.
test.describe('the accessibility statement from the footer', () => {
  for (const locale of locales) {
    test(`${locale}: the footer links the statement, which answers 200 in ${locale}`, async ({ page }) => {
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.goto(`${prefix}/help-centre`);
      const link = page
        .getByRole('contentinfo')
        .getByRole('link', { name: message(locale, 'footer.accessibility'), exact: true });
      await expect(link).toHaveAttribute('href', `${prefix}/accessibility`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/accessibility$`));
      await expect(page.locator('h1')).toHaveText(message(locale, 'pages.accessibility'));
      // The click may be a client-side navigation; the document itself, as a reader or crawler loads it:
      const response = await page.reload();
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
      await expect(page.locator('h1')).toHaveText(message(locale, 'pages.accessibility'));
      await expect(page.locator('main').locator(`a[href="mailto:${site.supportEmail}"]`)).toHaveText(site.supportEmail);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${prefix}/accessibility$`),
      );
    });
  }
});

// The statement promises zoom up to 400% without scrolling sideways (WCAG 1.4.10 Reflow): a 1280 px
// window at 400% is 320 CSS px wide, so every route must fit 320 px.
test('every route reflows at 320 CSS pixels, with no sideways scrolling', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 256 });
  const tooWide: string[] = [];
  for (const route of [...routes, '/ar', '/ar/accessibility', '/library']) {
    await page.goto(route, { waitUntil: 'load' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) tooWide.push(`${route}: ${width}px`);
  }
  expect(tooWide).toEqual([]);
});
