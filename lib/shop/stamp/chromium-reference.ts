import { chromiumExecutable } from '@/lib/shop/book/chromium';

/**
 * A headless Chromium page for tests that compare the stamp with how a browser sets the same text:
 * an independent bidi and shaping implementation (Blink's, with its own HarfBuzz).
 */
export async function withChromiumPage<T>(withPage: (page: import('playwright-core').Page) => Promise<T>): Promise<T> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: await chromiumExecutable(),
    args: ['--font-render-hinting=none', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    return await withPage(await browser.newPage());
  } finally {
    await browser.close();
  }
}
