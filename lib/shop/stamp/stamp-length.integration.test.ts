import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { stampedBook } from '@/lib/shop/book/base-books';
import { editions, findEdition, type Edition } from '@/lib/shop/catalogue';
import { PDFDocument, PageSizes } from 'pdf-lib';
import { bookLabels } from '@/lib/shop/book/labels';
import { directionOfLanguage } from '@/lib/i18n/locales';
import { WIDEST_BUYERS, longestBuyer } from './buyer-arbitraries';
import { stampBook } from './stamp';

/**
 * Third review, finding 3: a 99-letter name and a 75-character email left no stamp on any of the 43
 * pages (the line was set at 4 pt, still did not fit, and the drawing stopped at its first piece, which
 * in an all-Latin line is the whole line). Now, for the longest names and emails the form accepts, in
 * Latin, Arabic and CJK, in any edition: every page's text holds the order id, and the stamp stands
 * inside the page's margins, below the folio and the book's text. pdftotext reads real 43-page copies for
 * the review's buyer and the widest ones; the property's many buyers are stamped on a two-page A4 book
 * (the stamp is drawn the same on every page), in each edition's words and direction.
 */
const ORDER_ID = '4f0c2a51-9a3e-4c36-8d1e-2b7f6a0c9e11';
const dir = mkdtempSync(join(tmpdir(), 'amora-stamp-length-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Word = { xMin: number; yMin: number; xMax: number; yMax: number };

/** Each page's words and their boxes (y from the top), as pdftotext -bbox gives them. */
function pagesOf(file: string): { width: number; height: number; words: Word[]; text: string }[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return html
    .split('<page ')
    .slice(1)
    .map((page) => {
      const [width, height] = /^width="([\d.]+)" height="([\d.]+)"/.exec(page)!.slice(1).map(Number);
      const words = [
        ...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
      ];
      return {
        width: width!,
        height: height!,
        words: words.map(([, xMin, yMin, xMax, yMax]) => ({
          xMin: Number(xMin),
          yMin: Number(yMin),
          xMax: Number(xMax),
          yMax: Number(yMax),
        })),
        text: words.map((word) => word[5]).join(' '),
      };
    });
}

function checkCopy(copy: Uint8Array, pageCount: number) {
  const file = join(dir, 'copy.pdf');
  writeFileSync(file, copy);
  const pages = pagesOf(file);
  expect(pages).toHaveLength(pageCount);
  for (const [i, { width, height, words, text }] of pages.entries()) {
    const where = `page ${i + 1}`;
    expect(text, where).toContain(ORDER_ID);
    // The stamp's words: those whose box ends under 30 pt (the folio's ends at 34 pt, the body's far
    // above). Their boxes, which reach a face's full ascent, stay under the folio's baseline, 36 pt up.
    const stamp = words.filter((word) => word.yMax > height - 30);
    expect(Math.min(...stamp.map((word) => word.xMin)), where).toBeGreaterThanOrEqual(40 - 0.5);
    expect(Math.max(...stamp.map((word) => word.xMax)), where).toBeLessThanOrEqual(width - 40 + 0.5);
    expect(Math.min(...stamp.map((word) => word.yMin)), where).toBeGreaterThanOrEqual(height - 36);
    expect(Math.max(...stamp.map((word) => word.yMax)), where).toBeLessThanOrEqual(height - 8);
  }
}

const stampedFor = async (edition: Edition, buyer: { name: string; email: string }) =>
  checkCopy(await stampedBook(edition, { ...buyer, orderId: ORDER_ID }), 43);

it('stamps every page of the review’s copy: a 99-letter name and a 75-character email', async () => {
  const name = `${'Wilhelmina '.repeat(8)}Wilhelminas`;
  await stampedFor(findEdition('en')!, { name, email: `${'c'.repeat(63)}@example.com` });
}, 60_000);

it.each(Object.entries(WIDEST_BUYERS))(
  'stamps every page for the widest %s name and email the form accepts, in an edition of that script',
  async (script, buyer) => {
    await stampedFor(findEdition({ latin: 'en', arabic: 'ar', cjk: 'ja' }[script]!)!, buyer);
  },
  60_000,
);

it('stamps every page for the longest names and emails the form accepts, in Latin, Arabic and CJK, in any edition', async () => {
  const doc = await PDFDocument.create();
  for (const _ of [1, 2]) doc.addPage(PageSizes.A4);
  const base = await doc.save();
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(longestBuyer('latin'), longestBuyer('arabic'), longestBuyer('cjk')),
      fc.constantFrom(...editions),
      async (buyer, edition) => {
        const template = bookLabels(edition.language).stamp;
        const direction = directionOfLanguage(edition.language);
        checkCopy(await stampBook(base, { ...buyer, orderId: ORDER_ID }, template, direction), 2);
      },
    ),
    { numRuns: 24 },
  );
}, 120_000);
