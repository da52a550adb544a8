// Compares two running builds pixel by pixel: full-page screenshots of each page at 390 and 1440 px
// (consent given, reduced motion), a pixel counted when its colour moved by more than 30 (sum of
// RGB). How a change that should move nothing (per-route CSS, say) is checked:
//   node scripts/compare-screens.mjs http://localhost:3501 http://localhost:3502 [path…]
// Differing pairs are written to .data/screen-diff/ as <width><path>-a.png and -b.png. Exits 1 if any differ.
// Compare a build with itself first: the home page's testimonials carousel at 1440 px can differ
// between two loads of the same build (its scroll position when the screenshot is taken).
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
const [a, b, ...rest] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: node scripts/compare-screens.mjs BASE_URL_A BASE_URL_B [path…]');
const pages = rest.length
  ? rest
  : [
      '/',
      '/blog',
      '/blog/first-date-questions-that-matter',
      '/help-centre',
      '/the-love-blueprint',
      '/the-love-blueprint/en',
      '/terms',
      '/privacy',
      '/modern-slavery-act',
      '/accessibility',
      '/library',
      '/contact',
      '/ja',
      '/ar/blog',
      '/de/the-love-blueprint/de',
      '/nope-404',
    ];
const OUT = '.data/screen-diff';
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
/**
 * @param {string} base
 * @param {string} path
 * @param {{ width: number, height: number }} viewport
 */
async function shot(base, path, viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: base }]);
  const page = await context.newPage();
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  const buf = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await context.close();
  return buf;
}
/**
 * Whether two raw RGB(A) images' pixels at byte offset i differ by more than 30 (sum of R, G and B).
 * @param {Buffer} x
 * @param {Buffer} y
 * @param {number} i
 */
const differs = (x, y, i) =>
  Math.abs((x[i] ?? 0) - (y[i] ?? 0)) +
    Math.abs((x[i + 1] ?? 0) - (y[i + 1] ?? 0)) +
    Math.abs((x[i + 2] ?? 0) - (y[i + 2] ?? 0)) >
  30;
let bad = 0;
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  for (const path of pages) {
    const [x, y] = [await shot(a, path, viewport), await shot(b, path, viewport)];
    const [ix, iy] = [
      await sharp(x).raw().toBuffer({ resolveWithObject: true }),
      await sharp(y).raw().toBuffer({ resolveWithObject: true }),
    ];
    let diff = 0;
    if (ix.info.width !== iy.info.width || ix.info.height !== iy.info.height) diff = -1;
    else
      for (let i = 0; i < ix.data.length; i += ix.info.channels) {
        if (differs(ix.data, iy.data, i)) diff++;
      }
    const name = `${viewport.width}${path.replace(/\//g, '_') || '_home'}`;
    if (diff !== 0) {
      bad++;
      await sharp(x).toFile(`${OUT}/${name}-a.png`);
      await sharp(y).toFile(`${OUT}/${name}-b.png`);
    }
    console.log(
      `${viewport.width} ${path}: ${diff === -1 ? `size ${ix.info.width}x${ix.info.height} vs ${iy.info.width}x${iy.info.height}` : `${diff} px differ`}`,
    );
  }
}
await browser.close();
console.log(bad ? `${bad} differ` : 'all identical');
process.exitCode = bad ? 1 : 0;
