import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
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

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
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
