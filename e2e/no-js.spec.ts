import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { specRoutes, test, expect } from './fixtures';

/**
 * Every route read as a crawler or a slow phone reads it before its scripts run: JavaScript off,
 * the consent already given. The primary content must be in the first HTML, visible, in place.
 */
test.use({ javaScriptEnabled: false });
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
});

const read = (file: string) => JSON.parse(readFileSync(join(process.cwd(), 'content', file), 'utf8'));
const post = read('posts/first-date-questions-that-matter.json') as { title: string; content: string };
const help = read('help/en.json') as Record<string, { question: string; answer: string }[]>;
const firstHelp = Object.values(help)[0]![0]!;
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]{5,}$/.test(w));

test('an article: its title, date, cover and body in place, and no loading spinner', async ({ page }) => {
  await page.goto('/blog/first-date-questions-that-matter');
  await expect(page.locator('h1')).toHaveText(post.title);
  await expect(page.locator('main time').first()).toBeVisible();
  await expect(page.locator('main article').first().locator('img').first()).toBeVisible();
  const sentence = words(post.content).slice(20, 26).join(' ');
  await expect(page.locator('main article').first()).toContainText(words(post.content)[20]!);
  expect(sentence.length).toBeGreaterThan(10);
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
});

test('the help centre: every answer readable without opening anything by script', async ({ page }) => {
  await page.goto('/help-centre');
  const answer = page.getByText(firstHelp.answer.slice(0, 60)).first();
  await answer.scrollIntoViewIfNeeded().catch(() => undefined);
  // Either shown, or inside a native <details> a click opens without JavaScript.
  if (!(await answer.isVisible())) await page.getByText(firstHelp.question, { exact: true }).first().click();
  await expect(answer).toBeVisible();
});

test('the blog listing: cards and pagination as plain links', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.locator('main a[href^="/blog/"]').first()).toBeVisible();
  await expect(page.locator('main a[href*="page=2"]').first()).toBeVisible();
});

test('the shop: the landing page with its editions, and a purchase page with its form', async ({ page }) => {
  await page.goto('/the-love-blueprint');
  await expect(page.locator('h1')).toHaveText('The Love Blueprint');
  await expect(page.getByRole('group', { name: 'Choose language' }).getByRole('button')).toHaveCount(17);
  await page.goto('/the-love-blueprint/en');
  await expect(page.getByLabel('Name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase' })).toBeVisible();
});

test('the purchase form sent before its script runs: a POST (nothing typed lands in an address), no order, a clear answer', async ({
  page,
}) => {
  await page.goto('/the-love-blueprint/en');
  await page.getByLabel('Name').fill('Nora Noscript');
  await page.getByLabel('Email').fill('nora-noscript@example.com');
  const card = page.getByLabel('Card number');
  if (await card.isVisible()) await card.fill('4242424242424242');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/the-love-blueprint\/en\?checkout=script-needed$/);
  for (const line of requests) expect(line).not.toMatch(/Nora|noscript|4242/);
  expect(requests.some((line) => line.startsWith('POST ') && line.includes('/api/orders/form'))).toBe(true);
  await expect(page.getByRole('alert')).toContainText('Nothing was ordered and nothing was charged');
});

// Every public route (`specRoutes`, e2e/fixtures.ts), in a left-to-right, a second and a right-to-left language: the
// page's heading and real text in <main>, visible, with no loading state standing in for it.
const ROUTES = [...specRoutes({ edition: 'fr', guideline: 'bullying' }), '/library'];
// The original site's placeholder pages are a title only.
const PLACEHOLDERS = new Set([
  '/safety-centre',
  '/dating-confidence-report',
  '/cities',
  '/chat',
  '/notice-at-collection',
  '/modern-slavery-act',
]);
for (const prefix of ['', '/fr', '/ar']) {
  test(`every route${prefix ? ` in ${prefix.slice(1)}` : ''}: heading and content visible, no spinner`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    for (const route of ROUTES) {
      const path = prefix + (route === '/' && prefix ? '' : route);
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('h1').first(), path).toBeVisible();
      const text = await page.locator('main').innerText();
      if (!PLACEHOLDERS.has(route)) expect(text.replace(/\s+/g, ' ').trim().length, path).toBeGreaterThan(60);
      await expect(page.locator('main [role="status"]').filter({ hasText: /…|\.\.\./ }), path).toHaveCount(0);
    }
  });
}

for (const [path, heading] of [
  ['/nope', /not found/i],
  ['/fr/rien-ici', /introuvable/i],
  ['/ar/nope', /.+/],
  ['/guidelines/not-a-topic', /not found/i],
  ['/blog/no-such-post', 'Article not found'],
] as const) {
  test(`${path}: a real 404 page, with the site around it and a way home`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1, h2').filter({ hasText: heading }).first()).toBeVisible();
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();
    await expect(page.locator('main a[href="/"], main a[href="/fr"], main a[href="/ar"]').first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
}
