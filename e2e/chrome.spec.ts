import { test, expect, expectNoAxeViolations, pauseClock } from './fixtures';
import type { Page } from '@playwright/test';
import { locales } from '../lib/i18n/locales';
import english from '../content/messages/en.json';
import arabic from '../content/messages/ar.json';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Where the section's top edge sits relative to the viewport top. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN, id);

async function expectSectionAtOffset(page: Page, id: string) {
  // Scroll to the section with a -100 px offset (SECTION_SCROLL, lib/navigation/sections.ts). One
  // poll for where the scroll ends, with room for a starved machine: the page may hydrate seconds after its load event, and a renderer
  // sharing two busy cores can go over a second without painting a frame, so a 500 ms scroll can
  // still be on its way after 4 s (CI once read 177 px, four fifths of the way there).
  const offBy = async () => Math.abs((await sectionTop(page, id)) - 100);
  await expect
    .poll(offBy, { message: `#${id} ends 100 px below the viewport's top (px off)`, timeout: 20_000 })
    .toBeLessThan(2);
}

test.describe('top navigation', () => {
  test('on the home page, section links scroll smoothly to their anchors', async ({ page }) => {
    // The page's clock drives the 500 ms scroll (requestAnimationFrame and performance.now), one
    // 16 ms frame at a time, so how many positions it passes through does not depend on how many
    // frames a busy machine manages to paint.
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    const start = await page.evaluate(() => window.scrollY);
    // Sample the scroll position every frame: a smooth scroll passes through many positions.
    await page.evaluate(() => {
      const samples: number[] = [];
      (window as unknown as { __samples: number[] }).__samples = samples;
      const begin = performance.now();
      const tick = () => {
        samples.push(window.scrollY);
        if (performance.now() - begin < 1500) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await nav(page).getByRole('link', { name: 'How it Works' }).click();
    // The sampler's 1.5 s and, well within them, the whole scroll.
    await page.clock.runFor(1600);
    await expectSectionAtOffset(page, 'how-it-works');
    const samples = await page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
    const end = samples.at(-1)!;
    const between = new Set(samples.filter((y) => y > start + 1 && y < end - 1).map(Math.round));
    expect(between.size).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(start);
    await expect(page).toHaveURL(/\/$/);

    // The page's own time again for the rest.
    await page.clock.resume();
    await nav(page).getByRole('link', { name: 'Use Cases' }).click();
    await expectSectionAtOffset(page, 'use-cases');
    await nav(page).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('from another page, a section link hands off through sessionStorage', async ({ page }) => {
    await page.goto('/privacy');
    await nav(page).getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectSectionAtOffset(page, 'features');
    expect(await page.evaluate(() => sessionStorage.getItem('scroll-to-section'))).toBeNull();
  });

  test('the stored section is read on a full load of the home page, then cleared', async ({ page }) => {
    await page.goto('/terms');
    await page.evaluate(() => sessionStorage.setItem('scroll-to-section', 'use-cases'));
    await page.goto('/');
    await expectSectionAtOffset(page, 'use-cases');
    expect(await page.evaluate(() => sessionStorage.getItem('scroll-to-section'))).toBeNull();
  });

  test('?section= scrolls to that section on load', async ({ page }) => {
    await page.goto('/?section=how-it-works');
    await expectSectionAtOffset(page, 'how-it-works');
  });

  test('The Love BluePrint link goes to the shop', async ({ page }) => {
    await page.goto('/');
    await nav(page).getByRole('link', { name: 'The Love BluePrint' }).click();
    await expect(page).toHaveURL(/\/the-love-blueprint$/);
    await expect(page.locator('h1')).toHaveText('The Love Blueprint');
  });

  test('every route change starts at the top of the page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Centre' }).click();
    await expect(page).toHaveURL(/\/help-centre$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('toggles with aria-expanded, closes on Esc and on navigation', async ({ page }) => {
    await page.goto('/privacy');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page).getByRole('link', { name: 'Features' })).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page).getByRole('link', { name: 'Features' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await nav(page).getByRole('link', { name: 'The Love BluePrint' }).click();
    await expect(page).toHaveURL(/\/the-love-blueprint$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a section link from the menu reaches the home section', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav(page).getByRole('link', { name: 'Use Cases' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectSectionAtOffset(page, 'use-cases');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('language dropdown', () => {
  test('offers the 17 languages in SPEC.md order, in their own names', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Choose language/ }).click();
    const options = page.locator('header [hreflang]');
    await expect(options).toHaveCount(17);
    // lib/i18n/locales.ts keeps them in the original site's order.
    expect(await options.evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')))).toEqual([
      ...locales,
    ]);
    await expect(options.nth(1)).toHaveText('Français');
    await expect(options.nth(13)).toHaveText('العربية');
  });

  test('switches to the same page in the chosen language, and back', async ({ page }) => {
    await page.goto('/community-guidelines');
    await page.getByRole('button', { name: /Choose language/ }).click();
    await page.locator('header [hreflang="de"]').click();
    await expect(page).toHaveURL(/\/de\/community-guidelines$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The button's label is German now; it names the current language.
    await page.getByRole('button', { name: /Deutsch/ }).click();
    await page.locator('header [hreflang="en"]').click();
    await expect(page).toHaveURL(/localhost:\d+\/community-guidelines$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The choice is remembered: the bare English path stays English on the next visit.
    await page.goto('/community-guidelines');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('keeps the query string and closes on Escape', async ({ page }) => {
    await page.goto('/help-centre?q=profile');
    const button = page.getByRole('button', { name: /Choose language/ });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await page.locator('header [hreflang="ja"]').click();
    await expect(page).toHaveURL(/\/ja\/help-centre\?q=profile$/);
  });
});

test.describe('footer', () => {
  test('has the legal and company links, store badges, social links and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const expected: [string, string][] = [
      ['Terms and Conditions', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Community Guidelines', '/community-guidelines'],
      ['Manage Cookies', '/manage-cookies'],
      ['Accessibility', '/accessibility'],
      ['Blog', '/blog'],
      ['Help Centre', '/help-centre'],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const store of ['app-store', 'google-play']) {
      const badge = footer.locator(`[data-store="${store}"]`);
      await expect(badge).toHaveAttribute('target', '_blank');
      await expect(badge).toHaveAttribute('rel', /noopener/);
    }
    for (const social of ['instagram', 'facebook', 'x']) {
      await expect(footer.locator(`[data-social="${social}"]`)).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Amora`);
  });

  test('each footer link opens its page', async ({ page }) => {
    for (const name of [
      'Terms and Conditions',
      'Privacy Policy',
      'Community Guidelines',
      'Manage Cookies',
      'Blog',
      'Help Centre',
    ]) {
      await page.goto('/modern-slavery-act');
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page.locator('h1')).toBeVisible();
      await expect(page).not.toHaveURL(/modern-slavery-act/);
    }
  });
});

test.describe('scroll-to-top button', () => {
  test('appears past 200 px and takes the visitor back up', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toHaveCount(0);
    // Past the threshold and back first: the page's scroll listener is live (hydrated), and the
    // button goes when the page is back under 200 px.
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(button).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(button).toHaveCount(0);
    // 150 px: still under the threshold, so the scroll the page has handled shows no button.
    await page.evaluate(async () => {
      const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
      window.scrollTo(0, 150);
      await scrolled;
      // The button's listener (added at hydration) ran before this one; the browser's first idle
      // moment after it comes once React has rendered whatever that listener set.
      await new Promise((resolve) => requestIdleCallback(resolve));
    });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  // WCAG 2.4.11 (focus not obscured): the page scrolls a focused control clear of the floating
  // button (scroll-padding-bottom), on a phone, in either direction of text.
  for (const [path, label] of [
    ['/the-love-blueprint/en', english.common.scrollToTop],
    ['/ar/the-love-blueprint/ar', arabic.common.scrollToTop],
  ] as const) {
    test(`keeps every control the keyboard reaches clear of it on a phone: ${path}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      const button = page.getByRole('button', { name: label, exact: true });
      await page.evaluate(() => window.scrollTo(0, 260));
      await expect(button).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      const covered: string[] = [];
      let reached = 0;
      for (let i = 0; i < 120; i += 1) {
        await page.keyboard.press('Tab');
        const seen = await page.evaluate((name) => {
          const focused = document.activeElement as HTMLElement | null;
          const floating = document.querySelector<HTMLElement>(`button[aria-label="${name}"]`);
          if (!focused || focused === document.body) return { done: true };
          if (!floating || floating === focused) return { done: false };
          const a = focused.getBoundingClientRect();
          const b = floating.getBoundingClientRect();
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          return { done: false, label: overlap ? focused.outerHTML.slice(0, 80) : undefined };
        }, label);
        if (seen.done) break;
        reached += 1;
        if (seen.label) covered.push(seen.label);
      }
      expect(reached).toBeGreaterThan(10);
      expect(covered).toEqual([]);
    });
  }
});
