import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { test, expect } from './fixtures';
import { FULL_CHROMIUM } from './support/chromium';

/**
 * Lighthouse's bf-cache audit passes on the key pages: the browser goes back to each one from its
 * back/forward cache, so nothing in them (`Cache-Control: no-store`, an `unload` listener, an open
 * connection) makes a phone load the page again. Only that audit runs, in navigation mode.
 */
const PAGES = ['/', '/blog/first-date-questions-that-matter', '/the-love-blueprint', '/help-centre'];

test('Lighthouse bf-cache: the key pages are restored from the back/forward cache', async ({
  baseURL,
  launchOptions,
}) => {
  test.setTimeout(120_000);
  // The full browser: the old headless shell the other specs drive has no back/forward cache.
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
    chromeFlags: ['--headless=new', ...(launchOptions.args ?? [])],
  });
  try {
    // Lighthouse clears the origin's cookies before it loads a page: consent goes in a header.
    const audits: { path: string; headers: Record<string, string>; banner?: boolean }[] = [
      ...PAGES.map((path) => ({ path, headers: { Cookie: 'CookieConsent=true' } })),
      { path: '/', headers: {}, banner: true },
    ];
    for (const { path, headers, banner } of audits) {
      const run = await lighthouse(`${baseURL}${path}`, {
        port: chrome.port,
        logLevel: 'error',
        onlyAudits: ['bf-cache'],
        extraHeaders: headers,
      });
      const audit = run?.lhr.audits['bf-cache'];
      const name = banner ? `${path} with the consent banner` : path;
      const reasons = (audit?.details?.type === 'table' ? audit.details.items : []).map(
        (item) => `${item.failureType}: ${JSON.stringify(item.reason)}`,
      );
      expect({ name, score: audit?.score, error: audit?.errorMessage, reasons }).toEqual({
        name,
        score: 1,
        error: undefined,
        reasons: [],
      });
    }
  } finally {
    chrome.kill();
  }
});
