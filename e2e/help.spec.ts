import { test, expect, expectNoAxeViolations } from './fixtures';

test.describe('help centre', () => {
  test('server HTML holds every question, grouped by category', async ({ request }) => {
    const help = (await (await request.get('/help.json')).json()) as Record<string, { question: string }[]>;
    const html = await (await request.get('/help-centre')).text();
    for (const items of Object.values(help)) {
      for (const item of items) expect(html).toContain(item.question.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    }
  });

  test('search filters questions case-insensitively by substring, with an empty state', async ({ page }) => {
    await page.goto('/help-centre');
    const search = page.getByPlaceholder('Search questions...');
    await expect(search).toHaveAccessibleName('Search the Help Centre');
    const allQuestions = await page.locator('main li button').count();
    await search.fill('PHOTO');
    await expect(page.getByRole('status').filter({ hasText: /match/ })).toBeVisible();
    const visible = page.locator('main li button:visible');
    const texts = await visible.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThan(allQuestions);
    for (const text of texts) expect(text.toLowerCase()).toContain('photo');
    await search.fill('zzzz-no-such-thing');
    await expect(page.getByRole('heading', { name: /Nothing matches/ })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(page.locator('main h2 button')).toHaveCount(
      Object.keys(await (await page.request.get('/help.json')).json()).length,
    );
  });

  test('accordion keeps one group open and can collapse it', async ({ page }) => {
    await page.goto('/help-centre');
    const triggers = page.locator('main h2 button');
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await triggers.nth(1).click();
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(
      page.locator('[aria-expanded="true"]').filter({ has: page.locator('xpath=self::button') }),
    ).toHaveCount(1);
    await triggers.nth(1).click();
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a question opens a bottom sheet at 70% height with the answer, closable by Esc and button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/help-centre');
    const help = (await (await page.request.get('/help.json')).json()) as Record<
      string,
      { question: string; answer: string }[]
    >;
    const [first] = Object.values(help)[0]!;
    const question = page.getByRole('button', { name: first!.question });
    await question.click();
    const sheet = page.getByRole('dialog', { name: first!.question });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAccessibleDescription(first!.answer);
    // Measured once the slide-up animation has settled.
    await expect
      .poll(async () => {
        const box = (await sheet.boundingBox())!;
        return Math.round(box.y + box.height);
      })
      .toBe(844);
    const box = (await sheet.boundingBox())!;
    expect(Math.abs(box.height - 844 * 0.7)).toBeLessThan(2);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(question).toBeFocused();
    await question.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('is accessible with a search in progress', async ({ page }) => {
    await page.goto('/help-centre?q=photo');
    await expect(page.getByPlaceholder('Search questions...')).toHaveValue('photo');
    await expectNoAxeViolations(page);
  });
});
