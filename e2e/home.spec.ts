import type { Page } from '@playwright/test';
import { test, expect, expectAutoplayPauses, expectNoAxeViolations, pauseClock } from './fixtures';
import { PORTS, urlOf } from './support/ports';

/** The home testimonials' autoplay interval (HOME_TESTIMONIAL_AUTOPLAY_MS, components/home/Testimonials.tsx). */
const AUTOPLAY_MS = 3_000;

const picture = (page: Page) => page.getByTestId('step-picture');
/** The label ("Step 2") of the step card that is currently selected. */
const pressedStep = (page: Page) => page.locator('#how-it-works li button[aria-pressed="true"] [data-step-label]');

async function drag(page: Page, dx: number) {
  const box = (await picture(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

test.describe('home page', () => {
  test('has every section and heading, in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#hero h1')).toHaveText('Discover Your True Match, Where Chemistry Meets Connection.');
    await expect(page.locator('#hero [data-store]')).toHaveCount(2);
    for (const badge of await page.locator('#hero [data-store]').all())
      await expect(badge).toHaveAttribute('target', '_blank');
    await expect(page.locator('#features li')).toHaveCount(4);
    await expect(page.locator('#how-it-works h2')).toHaveText('Find Your Match in 4 Simple Steps');
    await expect(page.locator('#use-cases h2')).toHaveText('Find Love. Your Way.');
    await expect(page.locator('#use-cases img')).toHaveCount(3);
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'Built for connections that last',
      'Find Your Match in 4 Simple Steps',
      'Find Love. Your Way.',
      'Feel close again with The Love Blueprint programme',
      'Love Stories from Real Connections',
      'Frequently Asked Questions',
      'Why Choose Amora?',
      'Find Real Love Today',
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
    await expect(page.getByRole('link', { name: 'Explore The Love Blueprint' })).toHaveAttribute(
      'href',
      '/the-love-blueprint',
    );
    await expect(page.locator('main figure blockquote')).toHaveCount(12);
    for (const title of [
      'Verified users only',
      'Commitment to privacy',
      'Relationship-focused community',
      'Friendly support team',
    ]) {
      await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    }
    await expect(
      page.getByText(
        "Join thousands who've found meaningful relationships. Serious, verified users. No distractions — just real connections.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /five out of five stars/ })).toBeVisible();
  });

  test('How It Works: cards, dots, drags over 50 px both ways, wrapping at both ends', async ({ page }) => {
    await page.goto('/');
    await page.locator('#how-it-works').scrollIntoViewIfNeeded();
    await expect(pressedStep(page)).toHaveText('Step 1');
    await page.getByRole('button', { name: /^Step 3 Start the Conversation/ }).click();
    await expect(pressedStep(page)).toHaveText('Step 3');
    await expect(picture(page).locator('img')).toHaveAttribute('alt', 'Start the Conversation');
    await page.getByRole('button', { name: 'Show step 2: Discover Meaningful Matches' }).click();
    await expect(pressedStep(page)).toHaveText('Step 2');

    await drag(page, -80); // leftwards: forward
    await expect(pressedStep(page)).toHaveText('Step 3');
    await drag(page, 80); // rightwards: back
    await expect(pressedStep(page)).toHaveText('Step 2');
    await drag(page, -40); // under the threshold: nothing
    await expect(pressedStep(page)).toHaveText('Step 2');

    await page.getByRole('button', { name: /^Step 4 Build Real Connections/ }).click();
    await drag(page, -80);
    await expect(pressedStep(page)).toHaveText('Step 1');
    await drag(page, 80);
    await expect(pressedStep(page)).toHaveText('Step 4');
  });

  test('How It Works is fully keyboard operable', async ({ page }) => {
    await page.goto('/');
    const card = page.getByRole('button', { name: /^Step 2 Discover Meaningful Matches/ });
    await card.focus();
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    const dot = page.getByRole('button', { name: 'Show step 4: Build Real Connections' });
    await dot.focus();
    await page.keyboard.press('Space');
    await expect(dot).toHaveAttribute('aria-pressed', 'true');
  });

  test('testimonials autoplay every 3 s, loop, and can be paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Couple testimonials' });
    await expect(region.getByRole('group')).toHaveCount(10);
    const { offset, paused, play } = await expectAutoplayPauses(page, region, AUTOPLAY_MS);

    await region.getByRole('button', { name: 'Next story' }).click();
    await page.clock.runFor(1_000);
    expect(await offset()).not.toBe(paused);
    await play.click();
    await expect(region.getByRole('button', { name: 'Pause automatic scrolling' })).toBeVisible();
  });

  test('testimonials show 1/2/3/4 slides per view at 0/768/1024/1280 px', async ({ page }) => {
    for (const [width, perView, gap] of [
      [390, 1, 16],
      [800, 2, 20],
      [1100, 3, 24],
      [1400, 4, 24],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const region = page.getByRole('region', { name: 'Couple testimonials' });
      const viewport = await region.locator('[aria-live]').evaluate((el) => el.parentElement!.clientWidth);
      const slide = await region
        .getByRole('group')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
      const padding = await region
        .getByRole('group')
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).paddingInlineStart));
      expect(padding).toBe(gap);
      expect(Math.round((viewport + gap - 6) / slide)).toBe(perView);
    }
  });

  test('FAQ tabs filter by category, with answers always visible', async ({ page }) => {
    await page.goto('/');
    const faqs = (await (await page.request.get('/api/faqs')).json()).data as {
      question: string;
      answer: string;
      category: string;
    }[];
    const tablist = page.getByRole('tablist', { name: 'Question categories' });
    const tabs = tablist.getByRole('tab');
    const categories = [...new Set(faqs.map((f) => f.category))];
    await expect(tabs).toHaveText(['All', ...categories]);
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('li')).toHaveCount(faqs.length);
    await tabs.nth(2).click();
    const expected = faqs.filter((f) => f.category === categories[1]);
    await expect(panel.locator('li')).toHaveCount(expected.length);
    await expect(panel.locator('li h3')).toHaveText(expected.map((f) => f.question));
    await expect(panel.getByText(expected[0]!.answer)).toBeVisible();
    await tabs.nth(2).press('ArrowRight');
    await expect(tabs.nth(3)).toBeFocused();
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await tabs.nth(3).press('Home');
    await expect(panel.locator('li')).toHaveCount(faqs.length);
  });

  test('is accessible with the carousel and the FAQ tabs in use', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Couple testimonials' }).getByRole('button', { name: 'Next story' }).click();
    await page.getByRole('tab').nth(1).click();
    await page.getByRole('button', { name: 'Show step 3: Start the Conversation' }).click();
    await expectNoAxeViolations(page);
  });

  test('without JavaScript everything is visible', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/');
    for (const text of ['Friendly support team', 'Find Real Love Today', 'Privacy on your terms']) {
      const element = page.getByText(text, { exact: true }).first();
      await element.scrollIntoViewIfNeeded();
      await expect(element).toBeVisible();
      expect(await element.evaluate((el) => Number(getComputedStyle(el.closest('[data-reveal]') ?? el).opacity))).toBe(
        1,
      );
    }
    // The FAQs are written in place, between the testimonials and the advantages, not streamed
    // behind a script that would move them there.
    const faq = page.locator('#faq');
    await faq.scrollIntoViewIfNeeded();
    await expect(faq.getByRole('heading', { level: 3 }).first()).toBeVisible();
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main section[aria-labelledby]')].map((s) => s.getAttribute('aria-labelledby')),
    );
    expect(order.indexOf('faq-title')).toBe(order.indexOf('advantages-title') - 1);
    await context.close();
  });

  test('with reduced motion nothing moves', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Couple testimonials' });
    await expect(region.getByRole('button', { name: /automatic scrolling/ })).toHaveCount(0);
    const track = region.locator('[aria-live]');
    // Embla starts when the browser is idle and sets the track's first (resting) transform then.
    await expect(region).toHaveAttribute('data-started', 'true');
    await pauseClock(page);
    const before = await track.evaluate((el) => getComputedStyle(el).transform);
    // Three autoplay intervals of the page's time: nothing moves.
    await page.clock.runFor(3 * AUTOPLAY_MS);
    expect(await track.evaluate((el) => getComputedStyle(el).transform)).toBe(before);
    await page.getByText('Friendly support team').scrollIntoViewIfNeeded();
    // The entrance animations' observer (RevealOnScroll, hydrated before the carousel started)
    // has made its first report, in which it would hide every block below the fold: an observer
    // made now reports in the same or a later rendering step.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(document.body);
        }),
    );
    const hidden = await page
      .locator('[data-reveal]')
      .evaluateAll((els) => els.filter((el) => getComputedStyle(el).opacity !== '1').length);
    expect(hidden).toBe(0);
    await context.close();
  });

  test('below-the-fold content is revealed as it scrolls into view', async ({ page }) => {
    await page.goto('/');
    const cta = page.locator('[data-reveal]').filter({ hasText: 'Find Real Love Today' });
    await expect.poll(() => cta.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await cta.scrollIntoViewIfNeeded();
    await expect.poll(() => cta.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });
});

test.describe('home page with the content backend down', () => {
  test.use({ baseURL: urlOf(PORTS.down) });

  test('shows the FAQ error state and the rest of the page', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#faq').getByRole('alert')).toHaveText('Failed to load FAQs');
    await expect(page.getByRole('heading', { name: 'Find Real Love Today' })).toBeVisible();
  });
});
