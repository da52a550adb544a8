import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { PORTS, urlOf } from './support/ports';

/**
 * Every public route of the product's route table, the dynamic ones with a real edition and guideline id,
 * and the accessibility statement DESIGN.md's contracts add.
 */
export const specRoutes = ({ edition, guideline }: { edition: string; guideline: string }) => [
  '/',
  '/privacy',
  '/terms',
  '/blog',
  '/blog/first-date-questions-that-matter',
  '/safety-centre',
  '/help-centre',
  '/the-love-blueprint',
  `/the-love-blueprint/${edition}`,
  `/the-love-blueprint/${edition}/sample`,
  '/success',
  '/error',
  '/broken-link',
  '/dating-confidence-report',
  '/cities',
  '/chat',
  '/notice-at-collection',
  '/community-guidelines',
  `/guidelines/${guideline}`,
  '/cookie-policy',
  '/manage-cookies',
  '/modern-slavery-act',
  '/accessibility',
];

export const routes = specRoutes({ edition: 'en', guideline: 'spam' });

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
 * Waits until React has taken the document over. A server-rendered button that only a client
 * component answers (a dialog's trigger) is visible and enabled before then, and a click on it
 * is lost: after a full load, wait for this before clicking one (from then on React replays it).
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page), { timeout: 20_000, message: 'React hydrated the page' }).toBe(true);
}

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
 * Checks a carousel's autoplay, on a page loaded after `page.clock.install()`: the page's clock runs
 * the carousel (its autoplay timer and Embla's animation frames), so "moves within one interval" and
 * "stays put while paused" are about the page's time, not this machine's. It plays once the pointer
 * is away, moves within one interval, and stays put for three once its pause button is pressed.
 * Returns the track's offset, the offset it was paused at and the play button, for what a test checks next.
 */
export async function expectAutoplayPauses(page: Page, region: Locator, intervalMs: number) {
  const track = region.locator('[aria-live]');
  // The track's horizontal offset, to the pixel (Embla settles with sub-pixel easing).
  const offset = () => track.evaluate((el) => Math.round(new DOMMatrix(getComputedStyle(el).transform).m41));
  await page.mouse.move(5, 5);
  await expect(region).toHaveAttribute('data-playing', 'true');
  await expect(region).toHaveAttribute('data-started', 'true');
  await pauseClock(page);
  const start = await offset();
  // One autoplay interval, wherever in it the clock stopped, and the move it starts.
  await page.clock.runFor(intervalMs + 1_000);
  expect(await offset()).not.toBe(start);

  await region.getByRole('button', { name: 'Pause automatic scrolling' }).click();
  const play = region.getByRole('button', { name: 'Start automatic scrolling' });
  await expect(play).toBeVisible();
  // Neither the pointer nor the focus is left inside (either would hold autoplay too): the
  // button alone keeps it paused.
  await page.mouse.move(5, 5);
  await play.blur();
  await expect(region).toHaveAttribute('data-playing', 'false');
  // Any move under way settles; then three intervals pass without one.
  await page.clock.runFor(1_200);
  const paused = await offset();
  await page.clock.runFor(3 * intervalMs);
  expect(await offset()).toBe(paused);
  return { offset, paused, play };
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
 * so the fixed banner never covers what they click.
 */
export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL ?? urlOf(PORTS.main) }]);
    await use(context);
  },
});

export { expect };
