import { test, expect } from './fixtures';
import { guidelineTopics } from '../lib/guidelines';

const topics = guidelineTopics;

test.describe('legal pages', () => {
  test('Privacy Policy: dates, every section, support email', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('h1')).toHaveText('Privacy Policy');
    await expect(page.getByText('Effective 15th July, 2025')).toBeVisible();
    await expect(page.getByText('Last updated 15th July, 2025')).toBeVisible();
    const headings = await page.locator('article h2').allTextContents();
    for (const expected of [
      /introduction/i,
      /information we collect/i,
      /use/i,
      /legal bases/i,
      /shar/i,
      /international/i,
      /retention/i,
      /rights/i,
      /children/i,
      /security/i,
      /third-party/i,
      /changes/i,
      /contact/i,
    ]) {
      expect(
        headings.some((h) => expected.test(h)),
        String(expected),
      ).toBe(true);
    }
    await expect(page.locator('article')).toContainText('support@amora.example');
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: /retention/i })
      .click();
    await expect(page).toHaveURL(/#data-retention$/);
  });

  test('Cookies Policy and Manage Cookies show the policy with its four cookie types', async ({ page }) => {
    for (const path of ['/cookie-policy', '/manage-cookies']) {
      await page.goto(path);
      await expect(page.locator('h1')).toHaveText('Cookies Policy');
      await expect(page.getByText('Effective 15th July, 2025')).toBeVisible();
      const text = (await page.locator('article').textContent())!.toLowerCase();
      for (const kind of ['essential', 'performance', 'functional', 'advertising']) expect(text).toContain(kind);
    }
    await expect(page.getByRole('button', { name: 'Change cookie preferences' })).toBeVisible();
  });

  test('Terms shows only the body of the HTML document', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.locator('h1')).toHaveText('Terms and Conditions');
    await expect(page.locator('main')).toContainText('Last updated: 15 July 2025');
    await expect(page.locator('main h2').first()).toBeVisible();
    expect(await page.locator('main h2').count()).toBeGreaterThan(8);
  });

  test('long-form documents say when they are only in English', async ({ page }) => {
    await page.goto('/de/privacy');
    await expect(page.getByRole('note')).toBeVisible();
    await expect(page.locator('article')).toHaveAttribute('lang', 'en');
    // /en/… redirects to the bare path: the English document.
    await page.goto('/en/privacy');
    await expect(page).toHaveURL(/localhost:\d+\/privacy$/);
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.locator('article')).not.toHaveAttribute('lang', /.+/);
  });
});

test.describe('community guidelines', () => {
  test('carries the brand, every section, a link per conduct topic and external help links', async ({ page }) => {
    await page.goto('/community-guidelines');
    await expect(page.locator('h1')).toHaveText('Amora Community Guidelines');
    const headings = await page.locator('article h2').allTextContents();
    for (const name of [
      'Profile Guidelines',
      'Content and Conduct Guidelines',
      'Platform Manipulation',
      'Safety Reporting',
      'Enforcement Philosophy',
    ]) {
      expect(headings).toContain(name);
    }
    const article = page.locator('article');
    await expect(article).toContainText('18');
    for (const slug of topics) await expect(article.locator(`a[href="/guidelines/${slug}"]`).first()).toBeVisible();
    const external = article.locator('a[href^="https://"]');
    expect(await external.count()).toBeGreaterThanOrEqual(1);
    await expect(external.first()).toHaveAttribute('target', '_blank');
    await article.locator('a[href="/guidelines/scams-theft"]').first().click();
    await expect(page.locator('h1')).toHaveText('Scams and Theft');
  });

  test('every guideline topic has a real page that links back', async ({ page }) => {
    for (const slug of topics) {
      const response = await page.goto(`/guidelines/${slug}`);
      expect(response?.status(), slug).toBe(200);
      expect((await page.locator('article').textContent())!.split(/\s+/).length, slug).toBeGreaterThan(200);
    }
    await page.getByRole('link', { name: /Back to the Community Guidelines/ }).click();
    await expect(page).toHaveURL(/\/community-guidelines$/);
  });
});
