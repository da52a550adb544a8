import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { stampedBook } from '@/lib/shop/book/base-books';
import { bookLabels } from '@/lib/shop/book/labels';
import { findEdition } from '@/lib/shop/catalogue';
import { withChromiumPage } from './chromium-reference';
import { licenceText } from './licence';

/**
 * The Arabic stamp holds left-to-right pieces (the email, the order id) in a right-to-left line.
 * Its words must stand in the order a browser gives the same line in a dir="rtl" paragraph:
 * positions read back from the stamped copy with pdftotext -bbox, against Chromium's
 * Range.getBoundingClientRect of the same words.
 */
const BUYER = { name: 'ليلى أحمد', email: 'layla@example.com', orderId: 'ord_7Kq2' };
// One word of each piece (the licence words, the name, the email, the order label and id, the closing
// words), each one pdftotext reads back whole: it splits a word at a mark set apart from its letter
// (أ, the dots HarfBuzz places on a dotless شـ), which it reads as a gap.
const WORDS = ['لـ', 'ليلى', 'layla@example.com', 'الطلب', 'ord_7Kq2', 'عدم'];

const dir = mkdtempSync(join(tmpdir(), 'amora-stamp-bidi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The words, left to right, as pdftotext places them on the page's stamp line. */
function pdfOrder(file: string, page: number): string[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });
  const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(html)?.[1]);
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)]
    .filter((m) => Number(m[2]) > height - 40) // the stamp's line, at the foot of the page
    .map((m) => ({ x: Number(m[1]), text: m[3]!.replace(/&lt;|&gt;|&amp;/g, '').normalize('NFC') }));
  return placed(words);
}

/**
 * The known words in left-to-right order of their x, each found once. pdftotext gives a right-to-left
 * word's letters as they stand on the page, left to right, so a word matches reversed too.
 */
function placed(words: { x: number; text: string }[]): string[] {
  const found = WORDS.map((word) => {
    const at = words.filter((w) => w.text.includes(word) || [...w.text].reverse().join('').includes(word));
    return { word, x: at.length === 1 ? at[0]!.x : Number.NaN };
  });
  return found.sort((a, b) => a.x - b.x).map((f) => (Number.isNaN(f.x) ? `${f.word} (not found once)` : f.word));
}

it('lays out the Arabic stamp right to left as Chromium does, its Latin pieces left to right inside it', async () => {
  const edition = findEdition('ar')!;
  const file = join(dir, 'ar.pdf');
  writeFileSync(file, await stampedBook(edition, BUYER));
  const line = licenceText(bookLabels('ar').stamp, BUYER);
  const expected = await withChromiumPage(async (page) => {
    await page.setContent('<p dir="rtl" lang="ar" style="white-space: nowrap; font: 16px sans-serif"></p>');
    const words = await page.evaluate(
      ({ line, words }) => {
        const p = document.querySelector('p')!;
        p.textContent = line;
        const text = p.firstChild!;
        return words.map((word) => {
          const range = document.createRange();
          const start = line.indexOf(word);
          range.setStart(text, start);
          range.setEnd(text, start + word.length);
          return { x: range.getBoundingClientRect().left, text: word };
        });
      },
      { line, words: WORDS },
    );
    return placed(words);
  });
  // The expectation read the way a reader of Arabic meets the pieces: from the right.
  expect(expected.toReversed()).toEqual(['لـ', 'ليلى', 'layla@example.com', 'الطلب', 'ord_7Kq2', 'عدم']);
  expect(pdfOrder(file, 5)).toEqual(expected);
}, 60_000);
