import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bookLabels } from '../book/labels';
import { editions } from '../catalogue';
import { WIDEST_BUYERS, anyBuyer, longestBuyer } from './buyer-arbitraries';
import { licenceText } from './licence';
import { encodable } from './pdf-text';
import { layoutStamp } from './stamp-layout';

/**
 * The stamp's layout (third review, finding 3): a line too long for one line at 6 pt used to be cut
 * at its first piece that did not fit, and an all-Latin line is one piece, so nothing was drawn. Here
 * with widths like Helvetica's and a CJK face's: the line always fits the page's width in at most
 * three lines, and the order id is always there, whole.
 */
const MAX_WIDTH = 595.28 - 80;
const ORDER_ID = '4f0c2a51-9a3e-4c36-8d1e-2b7f6a0c9e11';
// Helvetica's widths (the standard font draws Latin-1), a full em for CJK, 0.6 em for other letters.
const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
const WIDE = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const measure = async (line: string) =>
  [...line].reduce(
    (width, char) =>
      width +
      (encodable(char) ? helvetica.widthOfTextAtSize(char, 1) : /\p{M}/u.test(char) ? 0 : WIDE.test(char) ? 1 : 0.6),
    0,
  );
const templates = editions.map((edition) => bookLabels(edition.language).stamp);
const unspaced = (text: string) => text.replace(/ /g, '');

async function checkLayout(template: string, buyer: { name: string; email: string }) {
  const full = { ...buyer, orderId: ORDER_ID };
  const { size, lines } = await layoutStamp(template, full, MAX_WIDTH, measure);
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.length).toBeLessThanOrEqual(3);
  expect(size).toBeGreaterThanOrEqual(5);
  expect(size).toBeLessThanOrEqual(7);
  for (const line of lines) expect((await measure(line)) * size).toBeLessThanOrEqual(MAX_WIDTH + 1e-9);
  expect(lines.filter((line) => line.includes(ORDER_ID))).toHaveLength(1);
  const whole = licenceText(template, full);
  if (unspaced(lines.join('')) !== unspaced(whole)) {
    // Shortened: visibly, and only the email and the name; every word of the template is there.
    expect(lines.join(' ')).toContain('…');
    for (const word of template.split(/\{\w+\}| /).filter(Boolean)) expect(lines.join(' ')).toContain(word);
  }
}

describe('laying out the licence line', () => {
  it('keeps a short line as it was: one line, at 7 pt where it fits (English), a little smaller where not', async () => {
    const buyer = { name: 'Bob Doe', email: 'bob@example.com', orderId: ORDER_ID };
    for (const template of templates) {
      const { size, lines } = await layoutStamp(template, buyer, MAX_WIDTH, measure);
      expect(lines).toEqual([licenceText(template, buyer)]);
      expect(size).toBeGreaterThanOrEqual(6);
      if (template === templates[0]) expect(size).toBe(7);
    }
  });

  it('sets the review’s buyer (a 99-letter name, a 75-letter email) on two lines, the order id whole', async () => {
    const buyer = {
      name: `${'Wilhelmina '.repeat(8)}Wilhelminas`,
      email: `${'c'.repeat(63)}@example.com`,
      orderId: ORDER_ID,
    };
    const { size, lines } = await layoutStamp(templates[0]!, buyer, MAX_WIDTH, measure);
    expect(lines).toHaveLength(2);
    expect(size).toBeGreaterThanOrEqual(6);
    expect(lines.join(' ')).toBe(licenceText(templates[0]!, buyer));
  });

  it('fits the widest names and emails the form accepts, shortening only the email and the name', async () => {
    for (const template of templates)
      for (const buyer of Object.values(WIDEST_BUYERS)) await checkLayout(template, buyer);
  });

  it('fits the longest names and emails the form accepts, in Latin, Arabic and CJK, in every edition', async () => {
    const buyers = fc.oneof(longestBuyer('latin'), longestBuyer('arabic'), longestBuyer('cjk'), anyBuyer);
    await fc.assert(
      fc.asyncProperty(buyers, fc.constantFrom(...templates), (buyer, template) => checkLayout(template, buyer)),
      { numRuns: 100 },
    );
  });
});
