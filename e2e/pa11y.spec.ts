import pa11y from 'pa11y';
import { test, expect } from './fixtures';
import { KEY_PAGES } from './support/key-pages.mjs';

/**
 * pa11y with HTML_CodeSniffer (a second opinion beside axe, which the other specs run) finds no
 * WCAG 2 AA error on the key pages and the accessibility statement, in English, French and Arabic:
 * with consent given, on a first visit (the consent banner), and on the purchase form with the
 * card number field shown.
 */
const CONSENTED = { Cookie: 'CookieConsent=true' };
const AUDITS: { path: string; headers?: Record<string, string>; actions?: string[]; name?: string }[] = [
  ...KEY_PAGES.map((path) => ({ path, headers: CONSENTED })),
  ...[
    '/fr',
    '/fr/the-love-blueprint/fr',
    '/ar',
    '/ar/the-love-blueprint/ar',
    // The free sample: a long text in the edition's language and direction inside the page's.
    '/the-love-blueprint/en/sample',
    '/ar/the-love-blueprint/ar/sample',
    '/fr/the-love-blueprint/ja/sample',
    // The accessibility statement names pa11y among its auditors, so pa11y checks it too.
    '/accessibility',
    '/fr/accessibility',
    '/ar/accessibility',
  ].map((path) => ({
    path,
    headers: CONSENTED,
  })),
  { path: '/', name: '/ with the consent banner' },
  {
    path: '/the-love-blueprint/en',
    headers: CONSENTED,
    actions: ['click element input[value="card"]', 'wait for element input[autocomplete="cc-number"] to be added'],
    name: '/the-love-blueprint/en paying by card',
  },
];

for (const audit of AUDITS) {
  test(`pa11y (HTML_CodeSniffer, WCAG2AA): no errors on ${audit.name ?? audit.path}`, async ({
    baseURL,
    launchOptions,
  }) => {
    test.setTimeout(60_000);
    const result = await pa11y(`${baseURL}${audit.path}`, {
      runners: ['htmlcs'],
      standard: 'WCAG2AA',
      headers: audit.headers ?? {},
      actions: audit.actions ?? [],
      timeout: 45_000,
      // Debian's Chromium, as every other spec: nothing here downloads a browser (.puppeteerrc.cjs).
      chromeLaunchConfig: { executablePath: launchOptions.executablePath, args: launchOptions.args },
    });
    expect(result.documentTitle).not.toBe('');
    expect(
      result.issues
        .filter((issue) => issue.type === 'error')
        .map((issue) => `${issue.code} at ${issue.selector}: ${issue.message} ${issue.context}`),
    ).toEqual([]);
  });
}
