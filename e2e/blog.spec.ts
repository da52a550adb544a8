import { test, expect, expectNoAxeViolations, imagesSettled, isHydrated } from './fixtures';
import { PORTS, urlOf } from './support/ports';

type ApiPost = { id: string; title: string; category: { name: string } };

test.describe('blog listing', () => {
  test('top carousel shows the first three posts with links, without looping', async ({ page, request }) => {
    const posts = ((await (await request.get('/api/posts')).json()) as { data: ApiPost[] }).data;
    await page.goto('/blog');
    const carousel = page.getByRole('region', { name: 'Featured articles' });
    const slides = carousel.getByRole('group');
    await expect(slides).toHaveCount(3);
    for (let i = 0; i < 3; i += 1) {
      await expect(slides.nth(i).getByRole('heading')).toHaveText(posts[i]!.title);
      await expect(slides.nth(i).getByRole('link', { name: `Read full article: ${posts[i]!.title}` })).toHaveAttribute(
        'href',
        `/blog/${posts[i]!.id}`,
      );
      await expect(slides.nth(i).getByText('Read full article')).toBeAttached();
    }
    await expect(carousel.getByRole('button', { name: 'Previous article' })).toBeDisabled();
    // The buttons are React's: a click before the page's script has run goes nowhere, on a starved
    // machine as on a slow phone (this test is about what they do, not about that moment).
    await expect.poll(() => isHydrated(page), { timeout: 20_000 }).toBe(true);
    await carousel.getByRole('button', { name: 'Next article' }).click();
    await expect(carousel.getByRole('button', { name: 'Previous article' })).toBeEnabled();
    await carousel.getByRole('button', { name: 'Next article' }).click();
    await expect(carousel.getByRole('button', { name: 'Next article' })).toBeDisabled();
  });

  test('filter offers All Categories then each category with hyphens as spaces; Clear resets', async ({
    page,
    request,
  }) => {
    const posts = ((await (await request.get('/api/posts')).json()) as { data: ApiPost[] }).data;
    const categories = [...new Set(posts.map((p) => p.category.name))];
    await page.goto('/blog');
    const select = page.getByRole('combobox', { name: 'Filter by Category' });
    await expect(select.locator('option').first()).toHaveText('Filter by Category');
    expect(await select.locator('option').allTextContents()).toEqual([
      'Filter by Category',
      'All Categories',
      ...categories.map((c) => c.replace(/-/g, ' ')),
    ]);
    expect(categories.some((c) => c.includes('-'))).toBe(true);

    await select.selectOption('dating-tips');
    await expect(page).toHaveURL(/\/blog\?category=dating-tips$/);
    const cards = page.locator('main li > article h3');
    await expect(cards).toHaveCount(posts.filter((p) => p.category.name === 'dating-tips').length);
    await expect(page.locator('main li > article').first()).toContainText('dating tips');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards).toHaveCount(6);
  });

  test('six per page, numbered pages, ends disabled, filter resets to page 1', async ({ page, request }) => {
    const total = ((await (await request.get('/api/posts')).json()) as { data: ApiPost[] }).data.length;
    const pages = Math.ceil(total / 6);
    await page.goto('/blog');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(page.locator('main li > article h3')).toHaveCount(6);
    await expect(nav.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('listitem')).toHaveCount(pages);

    await nav.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: `Page ${pages}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pages}$`));
    await expect(nav.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.locator('main li > article h3')).toHaveCount(total - (pages - 1) * 6);

    await page.getByRole('combobox', { name: 'Filter by Category' }).selectOption('self-growth');
    await expect(page).toHaveURL(/\/blog\?category=self-growth$/);
  });

  test('URL state survives a reload and Back, and bad state lands somewhere valid', async ({ page }) => {
    await page.goto('/blog?category=relationship-advice');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Filter by Category' })).toHaveValue('relationship-advice');
    await page.goto('/blog?page=2');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/page=3$/);
    await page.goBack();
    await expect(page).toHaveURL(/page=2$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/blog?page=999');
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await page.goto('/blog?category=no-such-category');
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('cards link to their article, which renders its body', async ({ page }) => {
    await page.goto('/blog');
    const first = page.locator('main li > article h3 a').first();
    const title = await first.textContent();
    await first.click();
    await expect(page.locator('h1')).toHaveText(title!);
    expect((await page.locator('main [class*="prose"]').textContent())!.split(/\s+/).length).toBeGreaterThan(500);
    await expect(page.locator('main time').first()).toHaveAttribute('datetime', /\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole('link', { name: /Back to the blog/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^More in / })).toBeVisible();
  });

  test('choosing a category changes content, not context (WCAG 3.2.2): same document, focus kept, count announced; Apply submits too', async ({
    page,
  }) => {
    await page.goto('/blog');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const select = page.getByRole('combobox', { name: 'Filter by Category' });
    const status = page.locator('main p[role="status"]');
    const before = await status.innerText();
    await select.focus();
    await select.selectOption('dating-tips');
    await expect(page).toHaveURL(/\/blog\?category=dating-tips$/);
    await expect(status).not.toHaveText(before);
    await expect(select).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await select.selectOption('all');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('unknown article: 404, Article not found, Go Back works', async ({ page }) => {
    await page.goto('/blog');
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Article not found');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/blog\??$/);
  });

  test('article metadata: title, description and Open Graph image', async ({ page }) => {
    await page.goto('/blog/first-date-questions-that-matter');
    await expect(page).toHaveTitle(/First-Date Conversations/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/);
    // The covers are SVG, which social networks do not render: the article's own card, built from it, stands in.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/og\/posts\/first-date-questions-that-matter\.png$/,
    );
    const card = await page.request.get('/og/posts/first-date-questions-that-matter.png');
    expect(card.headers()['content-type']).toBe('image/png');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });

  test('listing and article are accessible', async ({ page }) => {
    await page.goto('/blog?page=2');
    await expectNoAxeViolations(page);
    await page.goto('/blog/talking-about-money');
    await expectNoAxeViolations(page);
  });
});

test.describe('blog with a hostile backend', () => {
  test.use({ baseURL: urlOf(PORTS.hostile) });

  test('post content with script and event-handler payloads runs nothing', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/blog');
    await expect(page.locator('main li > article').first()).toBeVisible();
    await page.goto('/blog/hostile-1');
    await expect(page.getByText('Benign article paragraph 1.')).toBeVisible();
    // Every image the content brought has loaded or failed, so an onerror or onload that got
    // through would have run by now.
    await imagesSettled(page.locator('main'));
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expect(
      page.locator('main').locator('script:not([type="application/ld+json"]), iframe, [onerror], [onclick], [onload]'),
    ).toHaveCount(0);
    // The hostile title reaches the JSON-LD only as escaped data.
    for (const block of await page.locator('script[type="application/ld+json"]').allTextContents()) {
      expect(block).not.toContain('<');
      expect(() => JSON.parse(block)).not.toThrow();
    }
    // The unsafe cover falls back to the default image.
    await expect(page.locator('main img').first()).toHaveAttribute('src', '/images/blog/default.svg');
  });
});

test.describe('blog with the backend down', () => {
  test.use({ baseURL: urlOf(PORTS.down) });

  test('the listing shows Failed to load Post in red', async ({ page }) => {
    expect((await page.goto('/blog'))?.status()).toBe(200);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load Post');
    const article = await page.goto('/blog/anything');
    expect(article?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('Article not found');
  });
});
