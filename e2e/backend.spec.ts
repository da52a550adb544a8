import { test, expect, imagesSettled } from './fixtures';
import { PORTS, urlOf } from './support/ports';

test.describe('with a hostile content backend', () => {
  test.use({ baseURL: urlOf(PORTS.hostile) });

  test('/terms renders the backend body and runs none of its payloads', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/terms');
    await expect(page.getByText('Benign terms paragraph.')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('HEAD TITLE MUST NOT SHOW');
    await page
      .getByText('click trap')
      .click({ force: true })
      .catch(() => undefined);
    await page
      .getByText('hostile link')
      .click()
      .catch(() => undefined);
    // Every image the content brought has loaded or failed, so an onerror or onload that got
    // through would have run by now (the clicks' handlers ran during the clicks).
    await imagesSettled(page.locator('main'));
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const main = page.locator('main');
    await expect(main.locator('script, iframe, svg[onload], [onerror], [onclick], [style]')).toHaveCount(0);
    await expect(main.locator('a[href^="javascript:"]')).toHaveCount(0);
  });
});

test.describe('with the content backend down', () => {
  test.use({ baseURL: urlOf(PORTS.down) });

  test('/terms shows SPEC.md’s message in red, never a 500', async ({ page }) => {
    const response = await page.goto('/terms');
    expect(response?.status()).toBe(200);
    const error = page.getByRole('main').getByRole('alert');
    await expect(error).toHaveText('Failed to load FAQs');
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');
  });

  test('pages that do not need the backend still work', async ({ page }) => {
    for (const path of ['/privacy', '/help-centre', '/community-guidelines']) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
  });
});

test.describe('with CONTENT_API_URL pointing at our own /api', () => {
  test('renders the same terms as the embedded store', async ({ page, browser }) => {
    await page.goto(`${urlOf(PORTS.mirror)}/terms`);
    // React may hold a streamed section back for a moment after load; wait for the body.
    await expect(page.locator('main h2').first()).toBeVisible();
    const mirrored = await page.locator('main').innerText();
    const other = await browser.newPage();
    await other.goto(`${urlOf(PORTS.main)}/terms`);
    await expect(other.locator('main h2').first()).toBeVisible();
    expect(mirrored).toBe(await other.locator('main').innerText());
    expect(mirrored).toContain('Last updated: 15 July 2025');
    await other.close();
  });
});
