import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { BOOK_PAGES, renderBook, stampBook } from './book-pdf';
import { loadManuscript } from './manuscript';
import { bookLabels } from './book-labels';
import { toWinAnsi } from './pdf-text';

/** The text drawn on each page, read back out of the PDF's content streams. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? (contents as unknown as { asArray(): unknown[] }).asArray() : [contents];
    return streams
      .map((ref) => {
        const stream = doc.context.lookup(ref as never) as unknown as { contents: Uint8Array; dict: { get(name: unknown): unknown } };
        try {
          return inflateSync(Buffer.from(stream.contents)).toString('latin1');
        } catch {
          return Buffer.from(stream.contents).toString('latin1');
        }
      })
      .join('\n');
  });
}

const hex = (text: string) => Buffer.from(toWinAnsi(text), 'latin1').toString('hex').toUpperCase();

describe('The Love Blueprint PDF', () => {
  for (const language of ['en', 'fr']) {
    it(`the ${language} edition is exactly ${BOOK_PAGES} pages, and every page of a copy carries the stamp`, async () => {
      const book = loadManuscript(language);
      const base = await renderBook(book, bookLabels(language), { edition: language === 'fr' ? 'Édition française' : 'English edition', brand: 'Amora' });
      expect((await PDFDocument.load(base)).getPageCount()).toBe(BOOK_PAGES);
      const stamped = await stampBook(base, { name: 'Zoë Example', email: 'zoe@example.com', orderId: 'order-123' }, 'Licensed to {name} <{email}> · Order {order}');
      const texts = await pageTexts(stamped);
      expect(texts).toHaveLength(BOOK_PAGES);
      const stamp = hex('Licensed to Zoë Example <zoe@example.com> · Order order-123');
      for (const [index, text] of texts.entries()) expect(text.toUpperCase(), `page ${index + 1}`).toContain(stamp);
    }, 60_000);
  }

  it('maps text into the fonts’ character set instead of failing', () => {
    expect(toWinAnsi('Zoë « chérie » – 30 jours')).toBe('Zoë « chérie » – 30 jours');
    expect(toWinAnsi('李雷 and Ōsaka')).toBe('?? and Osaka');
  });
});
