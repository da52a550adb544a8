import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BOOK_PAGES } from './layout';
import { stampedBook } from './base-books';
import { editions } from '../catalogue';
import { stampBook } from '../stamp/stamp';

/**
 * A copy is the edition's base book, parsed once per edition, with the buyer's stamp appended as an
 * incremental update (lib/shop/stamp/pdf-revision.ts): no copy parses the book again, no copy carries
 * anything of another, and poppler reads every copy without a complaint.
 */
const dir = mkdtempSync(join(tmpdir(), 'amora-book-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** pdftotext's pages of a copy; poppler writes nothing to stderr (a broken cross-reference section makes it complain and reconstruct). */
function pagesOf(name: string, bytes: Uint8Array): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.stderr).toBe('');
  return run.stdout
    .split('\f')
    .filter((page) => page.trim())
    .map((page) => page.replace(/\s+/g, ' '));
}

const ja = editions.find((edition) => edition.language === 'ja')!;
const alice = { name: 'Alice Amsel', email: 'alice@example.com', orderId: 'order-alice' };
const sakura = { name: '山田 さくら', email: 'sakura@example.jp', orderId: 'order-sakura' };

describe('stamped copies of an edition', () => {
  it('parse the edition’s base book once, however many copies are stamped', async () => {
    const load = vi.spyOn(PDFDocument, 'load');
    try {
      for (const buyer of [alice, sakura, alice, sakura]) await stampedBook(ja, buyer);
      expect(load.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      load.mockRestore();
    }
  }, 60_000);

  it('are independent: the second buyer’s copy has no trace of the first, and the first is unchanged by the second', async () => {
    const first = await stampedBook(ja, alice);
    const before = Buffer.from(first);
    const second = await stampedBook(ja, sakura);
    expect(Buffer.from(first).equals(before)).toBe(true);

    const pages = pagesOf('sakura', second);
    expect(pages).toHaveLength(BOOK_PAGES);
    // The ja stamp reads "{name} 様 <{email}> 専用"; pdftotext spaces CJK text its own way.
    for (const page of pages) expect(page.replace(/\s+/g, '')).toContain('山田さくら様<sakura@example.jp>専用');
    const text = pages.join('\n');
    for (const trace of ['Alice', 'alice@example.com', 'order-alice']) expect(text).not.toContain(trace);
    expect((await PDFDocument.load(second)).getKeywords()).toBe('order:order-sakura');
    for (const page of pagesOf('alice', first)) expect(page).toContain('Alice Amsel 様 <alice@example.com>');
  }, 60_000);
});

describe('a buyer’s copy (third review: a resumed download needs the same bytes again)', () => {
  it('is the same bytes whenever it is stamped, so its ETag is strong and a Range request continues it', async () => {
    // Months apart: a copy that carried the time it was stamped would differ.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-05T10:00:00Z') });
    try {
      const first = await stampedBook(ja, sakura);
      vi.setSystemTime(new Date('2026-06-20T18:30:00Z'));
      const again = await stampedBook(ja, sakura);
      expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});

describe('a base book unlike the committed ones', () => {
  it('with a classic cross-reference table, pages that inherit their size and resources, content of their own and a link', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    for (const words of ['Chapter one', 'Chapter two'])
      doc.addPage([400, 300]).drawText(words, { x: 50, y: 200, font, size: 14 });
    // The page tree gives both pages their MediaBox and Resources, as other PDF producers do.
    const tree = doc.catalog.Pages();
    const [one, two] = doc.getPages().map((page) => page.node);
    const fonts = (node: typeof one) => node!.normalizedEntries().Font;
    for (const [key, ref] of fonts(two).entries()) fonts(one).set(key, ref);
    for (const key of ['MediaBox', 'Resources'].map((name) => PDFName.of(name))) {
      tree.set(key, one!.get(key)!);
      one!.delete(key);
      two!.delete(key);
    }
    // And the first page's annotations (a link) in an array of their own.
    const link = doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 190, 150, 215], Border: [0, 0, 0] }),
    );
    one!.set(PDFName.of('Annots'), doc.context.register(doc.context.obj([link])));
    const base = await doc.save({ useObjectStreams: false });
    expect(Buffer.from(base).toString('latin1')).toMatch(/\nxref\n/);

    const copy = await stampBook(
      base,
      { name: 'Zoë', email: 'zoe@example.com', orderId: 'order-9' },
      'Licensed to {name} <{email}> · Order {order}',
      'ltr',
    );
    const pages = pagesOf('classic', copy);
    expect(pages).toHaveLength(2);
    pages.forEach((page, i) => {
      expect(page).toContain(['Chapter one', 'Chapter two'][i]);
      expect(page).toContain('Licensed to Zoë <zoe@example.com> · Order order-9');
    });
    const reread = await PDFDocument.load(copy);
    expect(reread.getPage(1).getSize()).toEqual({ width: 400, height: 300 });
    expect(reread.getPage(0).node.Annots()?.size()).toBe(1);
    expect(reread.getKeywords()).toBe('order:order-9');
  }, 30_000);
});
