import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { faceWithGlyph } from './fonts';
import { stampBook } from './stamp';
import { withChromiumPage } from './chromium-reference';

/**
 * Bengali marks sit where Chromium puts them in the same design: a name stamped alone, and the same
 * name printed to PDF by Chromium, are both rendered by pdftoppm at 1200 dpi and cut into their
 * separate blobs of ink (a letter, a dot of a nukta, a detached mark). The two rasterisers' pens drift
 * by a pixel or two along a line, so pixels are not compared one by one; but a mark set beside its
 * letter, run into it, or in the wrong form changes the blobs' count or their areas.
 */
const SIZE = 7; // the stamp's size in points
const DPI = 1200;
const dir = mkdtempSync(join(tmpdir(), 'amora-stamp-marks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A nukta with a vowel sign under it (Barua, a common surname), a nukta after a vowel sign, a
// ra-phala under a conjunct, and a name both shapers already set alike.
const NAMES = ['বড়ুয়া', 'হৃদয়', 'রবীন্দ্রনাথ', 'প্রিয়া রায়'];

/** The page rendered by pdftoppm: the width of its ink and the areas (pixels) of its blobs of ink, largest first. */
async function inkOf(file: string): Promise<{ width: number; blobs: number[] }> {
  execFileSync('pdftoppm', ['-png', '-r', String(DPI), '-singlefile', file, file]);
  const { data, info } = await sharp(`${file}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // Ink is a pixel nearer the ink's own tone than white: the stamp is grey, Chromium's text black.
  const threshold = (data.reduce((min, v) => Math.min(min, v), 255) + 255) / 2;
  const seen = new Uint8Array(width * height);
  const blobs: number[] = [];
  let [left, right] = [width, -1];
  for (let start = 0; start < data.length; start += 1) {
    if (seen[start] || data[start]! >= threshold) continue;
    let area = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      const [x, y] = [at % width, Math.floor(at / width)];
      [left, right, area] = [Math.min(left, x), Math.max(right, x), area + 1];
      for (const [dx, dy] of [
        [-1, -1],
        [0, -1],
        [1, -1],
        [-1, 0],
        [1, 0],
        [-1, 1],
        [0, 1],
        [1, 1],
      ] as const) {
        const [nx, ny] = [x + dx, y + dy];
        const next = ny * width + nx;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[next] || data[next]! >= threshold) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    if (area > 20) blobs.push(area); // specks of antialiasing aside
  }
  return { width: right - left + 1, blobs: blobs.sort((a, b) => b - a) };
}

// Each name as Chromium prints it in the stamp's own Bengali face, at the stamp's size.
const references = new Map<string, string>();
beforeAll(async () => {
  // The stamp's face is Noto Sans Bengali's variable font at its default, 400; Chromium would print a
  // variable font as Type 3 outlines, which poppler draws bolder, so it is given the static 400 cut.
  expect((await faceWithGlyph('ব'.codePointAt(0)!))?.file).toContain('noto-sans-bengali-bengali-wght-normal');
  const fontUrl = pathToFileURL(
    join(process.cwd(), 'node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2'),
  ).href;
  await withChromiumPage(async (page) => {
    // A file page, so the font file may load.
    const html = join(dir, 'reference.html');
    writeFileSync(
      html,
      `<style>@font-face { font-family: Stamp; src: url(${fontUrl}); } body { margin: 0; font: ${SIZE}pt Stamp; }</style><p lang="bn"></p>`,
    );
    await page.goto(pathToFileURL(html).href);
    for (const name of NAMES) {
      await page.evaluate((text) => (document.querySelector('p')!.textContent = text), name);
      await page.evaluate(() => document.fonts.ready);
      const file = join(dir, `${encodeURIComponent(name)}-chromium.pdf`);
      writeFileSync(file, await page.pdf({ width: '320px', height: '80px' }));
      references.set(name, file);
    }
  });
}, 60_000);

it.each(NAMES)(
  '%s: the stamp draws it as Chromium does in the same design',
  async (name) => {
    const stamped = join(dir, `${encodeURIComponent(name)}-stamp.pdf`);
    const doc = await PDFDocument.create();
    doc.addPage([240, 60]);
    writeFileSync(stamped, await stampBook(await doc.save(), { name, email: '', orderId: '' }, '{name}', 'ltr'));
    const [stamp, chromium] = [await inkOf(stamped), await inkOf(references.get(name)!)];
    const sum = (areas: number[]) => areas.reduce((total, area) => total + area, 0);
    expect(stamp.blobs.length, 'blobs of ink').toBe(chromium.blobs.length);
    expect(Math.abs(stamp.width - chromium.width), 'width of the ink (px)').toBeLessThanOrEqual(6);
    // Measured: 0.15% apart where both set the same glyphs in the same places, 2% and more for a
    // mark in another form or place (বড়ুয়া 2.6%, হৃদয় 2%), 0.7% for a ra-phala run into its conjunct.
    expect(Math.abs(sum(stamp.blobs) / sum(chromium.blobs) - 1), 'ink area, relative').toBeLessThan(0.004);
  },
  60_000,
);
