import { expectNoAxeViolations, routes, test, expect, watchCspViolations } from './fixtures';
import french from '../content/messages/fr.json';

// The placeholder pages' exact titles (the original site's), checked on the same load as the rest.
const PLACEHOLDER_TITLES: Record<string, string> = {
  '/safety-centre': 'Safety Centre',
  '/dating-confidence-report': 'Dating Confidence Report',
  '/cities': 'Cities',
  '/chat': 'Chat',
  '/notice-at-collection': 'Notice at Collection',
  '/modern-slavery-act': 'Modern Slavery Act Page',
};

test.describe('every route', () => {
  for (const route of routes) {
    test(`${route} answers 200, has one h1, breaks no CSP rule, and passes axe`, async ({ page }) => {
      const violations = await watchCspViolations(page);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      if (PLACEHOLDER_TITLES[route]) await expect(page.locator('h1')).toHaveText(PLACEHOLDER_TITLES[route]);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expectNoAxeViolations(page);
      // After the scan: by then the page's lazily loaded scripts and styles have come too.
      expect(await violations()).toEqual([]);
    });
  }

  test('/error and /broken-link show SPEC.md texts and go home', async ({ page }) => {
    await page.goto('/error');
    await expect(page.locator('h1')).toHaveText('Book Purchase failed');
    await expect(
      page.getByText(
        'Something went wrong with your purchase. Please try again or contact support if the issue persists.',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/broken-link');
    await expect(page.locator('h1')).toHaveText('Broken Link');
    await expect(
      page.getByText('Sorry, the document you are looking for does not exist or is unavailable.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page.locator('#hero')).toBeVisible();
  });

  test('unknown paths answer 404 with a localized page', async ({ page }) => {
    for (const path of ['/no-such-page', '/blog/a/b/c', '/guidelines/not-a-topic', '/the-love-blueprint/xx']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('h1')).toHaveText('Page not found');
    }
    const response = await page.goto('/fr/nothing-here');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(french.notFound.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectNoAxeViolations(page);
  });

  test('html lang and dir follow the locale', async ({ page }) => {
    await page.goto('/ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/zh-CN/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});
