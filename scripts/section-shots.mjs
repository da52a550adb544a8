// Screenshots each top-level section of a page, one PNG per section and viewport, for review:
//   node scripts/section-shots.mjs http://localhost:3000/ [prefix]
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [url = 'http://localhost:3000/', prefix = 'section'] = process.argv.slice(2);
mkdirSync('.data/screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
/** @type {[name: string, viewport: { width: number, height: number }][]} */
const viewports = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
];
for (const [name, viewport] of viewports) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url }]);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const count = await page.locator('main > section, main > * > section').count();
  for (let i = 0; i < count; i += 1) {
    const section = page.locator('main > section, main > * > section').nth(i);
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1300);
    await section.screenshot({ path: `.data/screenshots/${prefix}-${name}-${String(i).padStart(2, '0')}.png` });
  }
  await context.close();
}
await browser.close();
console.log('done');
