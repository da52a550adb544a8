import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { PORTS, urlOf } from './support/ports';

/** Every public route of SPEC.md's table, with a real id for the dynamic ones. */
export const routes = [
  '/',
  '/privacy',
  '/terms',
  '/blog',
  '/blog/first-date-questions-that-matter',
  '/safety-centre',
  '/help-centre',
  '/the-love-blueprint',
  '/the-love-blueprint/en',
  '/success',
  '/error',
  '/broken-link',
  '/dating-confidence-report',
  '/cities',
  '/chat',
  '/notice-at-collection',
  '/community-guidelines',
  '/guidelines/spam',
  '/cookie-policy',
  '/manage-cookies',
  '/modern-slavery-act',
] as const;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page) {
  // The scan sees the page still (the site stops its animations for reduced motion): an endless
  // animation relays the page out under axe's every measurement, which made a scan of
  // /the-love-blueprint 2-3 times slower. The page's content and markup are the same either way.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // axe.run in the page itself (legacy mode): the default splits the scan per frame and finishes
  // it in a second, blank page with axe injected again, for cross-origin iframes the site has
  // none of; that cost 1-1.5 s a scan, for the same findings (checked on a broken button and image).
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  await page.emulateMedia({ reducedMotion: null });
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** Whether React has hydrated the document: it marks the root it hydrates with a `__reactContainer$…` property. */
export const isHydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')));

/**
 * Collects the page's Content Security Policy violations from here on, across navigations: the
 * documents' own `securitypolicyviolation` events and Chromium's console reports of what it blocked.
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...reported,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

/**
 * Stops the page's clock (installed with page.clock.install() before navigation, and running at
 * the page's own pace until now), so from here on only the test moves it, with runFor(). The pause
 * is set a few seconds ahead, so it never falls in the page's past on a slow machine.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3_000);
}

/**
 * Resolves once every image in `scope` has loaded or failed to, so the load and error handlers any
 * of them carries (a payload's, had one got through) have run: a handler set in the markup runs
 * before a listener added here. Lazy images load only near the viewport: each is scrolled to.
 */
export async function imagesSettled(scope: Locator) {
  for (const image of await scope.locator('img').all()) {
    await image.evaluate(
      (img: HTMLImageElement) =>
        new Promise<void>((resolve) => {
          if (img.complete) return resolve();
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
          img.scrollIntoView({ block: 'center' });
        }),
    );
  }
}

/**
 * Tests that are not about the cookie banner start with consent already given,
 * so the fixed banner never covers what they click (DESIGN.md §1).
 */
export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL ?? urlOf(PORTS.main) }]);
    await use(context);
  },
});

export { expect };
