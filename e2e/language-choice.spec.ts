import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, isHydrated } from './fixtures';

/**
 * The URL decides a page's language (DESIGN.md §5, difference 12): Accept-Language never moves a
 * visitor or changes a byte, no page sets a cookie, and the language menu (with or without
 * JavaScript) is the one way to a remembered language, through its handler (app/api/locale).
 */

/** A document's text with this response's CSP nonce written as one placeholder. */
async function withoutNonce(response: Response): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  const html = await response.text();
  return nonce ? html.replaceAll(nonce, 'NONCE') : html;
}

const chosenCookie = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name === 'NEXT_LOCALE').map((cookie) => cookie.value);

/** Opens the header's language menu (its button is named for the page's language) and picks `locale`. */
async function choose(page: Page, current: RegExp, locale: string) {
  await page.locator('header').getByRole('button', { name: current }).click();
  const option = page.locator(`header [hreflang="${locale}"]`);
  await expect(option).toBeVisible();
  await option.click();
}

test('Accept-Language never redirects, sets no cookie, and changes no byte of a page', async ({ baseURL }) => {
  // Plain fetch: no cookie jar, as a first visit.
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseURL}${path}`, { headers, redirect: 'manual' });
  for (const [path, lang] of [
    ['/', 'en'],
    ['/blog', 'en'],
    ['/fr/blog', 'fr'],
  ] as const) {
    for (const accept of ['fr', 'fr-FR,fr;q=0.9,en;q=0.5', 'ja, de;q=0.5']) {
      const asked = await get(path, { 'Accept-Language': accept });
      expect([asked.status, asked.headers.getSetCookie()], `${path} ${accept}`).toEqual([200, []]);
      const document = await withoutNonce(asked);
      expect(document).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
      const plain = await get(path);
      expect([plain.status, plain.headers.getSetCookie()], path).toEqual([200, []]);
      expect(document, `${path} ${accept}`).toBe(await withoutNonce(plain));
    }
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'the language menu' : 'the language menu without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a language chosen on /blog: /fr/blog, and the bare paths follow it; English chosen back stays English', async ({
      page,
      context,
      baseURL,
    }) => {
      // Reading a page in another language is no choice: no page sets a cookie.
      await page.goto('/de/blog');
      await page.goto('/blog');
      await expect(page).toHaveURL(`${baseURL}/blog`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await chosenCookie(context)).toEqual([]);
      if (javaScriptEnabled) await expect.poll(() => isHydrated(page)).toBe(true);
      else await expect(page.locator('header [hreflang="fr"]')).toBeHidden();
      await choose(page, /Choose language/, 'fr');
      await expect(page).toHaveURL(`${baseURL}/fr/blog`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      expect(await chosenCookie(context)).toEqual(['fr']);

      // A bare path now redirects there: 307, never a page a cache may keep.
      const bare = await context.request.get('/blog?page=2', { maxRedirects: 0 });
      expect([bare.status(), bare.headers().location, bare.headers()['cache-control']]).toEqual([
        307,
        '/fr/blog?page=2',
        'no-store',
      ]);
      await page.goto('/');
      await expect(page).toHaveURL(`${baseURL}/fr`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

      await choose(page, /Français/, 'en');
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await chosenCookie(context)).toEqual(['en']);
      await page.goto('/blog');
      await expect(page).toHaveURL(`${baseURL}/blog`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });
}

test('without JavaScript the menu opens under its button, above the page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/help-centre');
  const button = page.locator('header').getByRole('button', { name: /Choose language/ });
  await button.click();
  const list = page.locator('header ul:has([hreflang])');
  await expect(list).toBeVisible();
  const [under, opened] = [(await button.boundingBox())!, (await list.boundingBox())!];
  expect(opened.y).toBeGreaterThanOrEqual(under.y + under.height);
  expect(opened.x + opened.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // Above the page: the topmost element at its first option is that option.
  const option = list.locator('[hreflang="fr"]');
  const box = (await option.boundingBox())!;
  expect(
    await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[hreflang]')?.getAttribute('hreflang'),
      [box.x + box.width / 2, box.y + box.height / 2],
    ),
  ).toBe('fr');
  await context.close();
});

test('a menu opened before its script runs stays open when the script takes over, and keeps the query', async ({
  page,
  baseURL,
}) => {
  // The page's scripts are held until the menu is open.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const isScript = (url: URL) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js');
  await page.route(isScript, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/help-centre?q=photo', { waitUntil: 'domcontentloaded' });
  const button = page.locator('header').getByRole('button', { name: /Choose language/ });
  await button.click();
  await expect(page.locator('header [hreflang="de"]')).toBeVisible();
  release();
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.locator('header [hreflang="de"]').click();
  await expect(page).toHaveURL(`${baseURL}/de/help-centre?q=photo`);
});
