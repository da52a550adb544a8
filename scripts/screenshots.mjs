// Takes full-page screenshots at phone and desktop sizes for visual review:
//   node scripts/screenshots.mjs [baseUrl] path1 path2 ...   (PNGs go to .data/screenshots)
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { QUIET_CHROMIUM_FLAGS } from '../e2e/support/chromium-flags.mjs';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const outDir = '.data/screenshots';
mkdirSync(outDir, { recursive: true });
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];
const fullPage = process.env.FULL !== '0';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: QUIET_CHROMIUM_FLAGS,
});
for (const viewport of viewports) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  if (process.env.CONSENT !== '0') {
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: base }]);
  }
  const page = await context.newPage();
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${outDir}/${viewport.name}${path.replace(/[/?=&]/g, '_') || '_home'}.png`;
    await page.screenshot({ path: file, fullPage });
    console.log(file);
  }
  await context.close();
}
await browser.close();
