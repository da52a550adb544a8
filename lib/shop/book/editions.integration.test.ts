import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BOOK_PAGES } from './layout';
import { bookLabels } from './labels';
import { baseBook, stampedBook } from './base-books';
import { editions } from '../catalogue';
import { loadManuscript } from './manuscript';

/**
 * Every edition, read back the way a reader's software sees it: exactly 43 pages, real
 * embedded subset fonts (never Type 3 outlines), text that pdftotext returns in the edition's
 * own script, and pages that poppler actually draws. The rendered cover and first chapter page
 * are kept in .data/book-proofs/ for a look by eye. Books are the committed ones (content/books).
 */
const SCRIPT: Record<string, RegExp> = {
  ar: /\p{Script=Arabic}/gu,
  bn: /\p{Script=Bengali}/gu,
  th: /\p{Script=Thai}/gu,
  ja: /\p{Script=Hiragana}/gu,
  ko: /\p{Script=Hangul}/gu,
  'zh-CN': /\p{Script=Han}/gu,
  ru: /\p{Script=Cyrillic}/gu,
  uk: /\p{Script=Cyrillic}/gu,
  el: /\p{Script=Greek}/gu,
};
const PROOFS = join(process.cwd(), '.data', 'book-proofs');
const FIRST_CHAPTER_PAGE = 5;

const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { maxBuffer: 64 * 1024 * 1024 });

describe.each(editions.map((edition) => [edition.id, edition] as const))('the %s edition', (id, edition) => {
  it('is 43 pages in real embedded subset fonts, with its own script in pdftotext and drawn by pdftoppm', async () => {
    mkdirSync(PROOFS, { recursive: true });
    const bytes = await baseBook(edition);
    const file = join(PROOFS, `${id}.pdf`);
    writeFileSync(file, bytes);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(BOOK_PAGES);

    const fonts = poppler('pdffonts', [file]).toString().split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line, 'no Type 3 outlines').not.toMatch(/Type 3/);
      expect(line, 'embedded and subset').toMatch(/^[A-Z]{6}\+\S+\s.*\syes\s+yes\s+yes\s/);
    }

    const book = loadManuscript(edition.language);
    const cover = poppler('pdftotext', ['-f', '1', '-l', '1', file, '-']).toString();
    expect(cover).toContain('The Love Blueprint');
    const body = poppler('pdftotext', [
      '-f',
      String(FIRST_CHAPTER_PAGE),
      '-l',
      String(FIRST_CHAPTER_PAGE),
      file,
      '-',
    ]).toString();
    const script = SCRIPT[edition.language];
    if (script) expect(body.match(script)?.length ?? 0, 'letters of the edition’s script').toBeGreaterThan(300);
    else expect(body.replace(/\s+/g, ' ')).toContain(book.chapters[0]!.sections[0]!.heading);
    const contents = poppler('pdftotext', ['-f', '2', '-l', '2', file, '-']).toString();
    expect(contents).toMatch(new RegExp(`\\b${BOOK_PAGES}\\b`));

    for (const page of [1, FIRST_CHAPTER_PAGE]) {
      const prefix = join(PROOFS, `${id}-page`);
      poppler('pdftoppm', [
        '-f',
        String(page),
        '-l',
        String(page),
        '-r',
        '60',
        '-png',
        '-singlefile',
        file,
        `${prefix}-${page}`,
      ]);
      const { channels } = await sharp(`${prefix}-${page}.png`).stats();
      // A drawn page has ink: the luminance varies (a blank page has a deviation of 0).
      expect(channels[0]!.stdev, `page ${page} has ink`).toBeGreaterThan(page === 1 ? 10 : 20);
    }
  }, 120_000);
});

describe('a copy of a script edition', () => {
  it('carries the stamp in the edition’s language with the buyer’s name on every page', async () => {
    const edition = editions.find((e) => e.language === 'ja')!;
    const copy = await stampedBook(edition, { name: '山田 さくら', email: 'sakura@example.jp', orderId: 'order-42' });
    const file = join(PROOFS, 'ja-stamped.pdf');
    mkdirSync(PROOFS, { recursive: true });
    writeFileSync(file, copy);
    const text = poppler('pdftotext', [file, '-']).toString();
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages).toHaveLength(BOOK_PAGES);
    for (const page of pages) expect(page.replace(/\s+/g, ' ')).toContain('山田 さくら');
    expect(bookLabels('ja').stamp).toContain('様 <{email}> 専用');
    // Whitespace removed: the stamp may wrap, and pdftotext spaces CJK text its own way.
    expect(text.replace(/\s+/g, '')).toContain('様<sakura@example.jp>専用');
  }, 120_000);
});
