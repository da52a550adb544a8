import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOK_PAGES } from './layout';
import { bookLabels, sampleLabels } from './labels';
import { COMMITTED_BOOKS_DIR, readManifest } from './manifest';
import { baseBook, stampedBook } from './base-books';
import { editions } from '../catalogue';
import { loadManuscript } from './manuscript';

/**
 * Every edition is a tagged PDF, read back the way assistive software and viewers see it: poppler
 * says it is tagged and finds the heading elements in its structure tree, its bookmarks are the
 * book's contents, chapters and sections (read by poppler's pdftohtml, not by our own code), its
 * title and language are set, and a buyer's stamped copy keeps all of it, the stamp outside the
 * structure as an artifact.
 */
const dir = mkdtempSync(join(tmpdir(), 'amora-tagged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const saved = (name: string, bytes: Uint8Array) => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return file;
};

type Bookmark = { title: string; page: number; children: Bookmark[] };
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (text: string) =>
  text.replace(/&(#\d+|\w+);/g, (_, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (entities[name] ?? `&${name};`),
  );

/** The outline as poppler reads it: pdftohtml's XML lists a nested <outline> after each item's children. */
function outlineOf(file: string): Bookmark[] {
  const xml = run('pdftohtml', ['-xml', '-i', '-stdout', '-f', '1', '-l', '1', file]);
  const root: Bookmark[] = [];
  const stack = [root];
  for (const [tag] of xml.matchAll(/<outline>|<\/outline>|<item page="\d+">[^<]*<\/item>/g)) {
    if (tag === '<outline>') stack.push(stack.at(-2) ? stack.at(-1)!.at(-1)!.children : root);
    else if (tag === '</outline>') stack.pop();
    else {
      const [, page, title] = /page="(\d+)">([^<]*)</.exec(tag)!;
      stack.at(-1)!.push({ title: unescape(title!), page: Number(page), children: [] });
    }
  }
  return root;
}

/** How many elements of each heading type pdfinfo finds in the structure tree. */
function headingElements(file: string) {
  const lines = run('pdfinfo', ['-struct', file]).split('\n');
  return { H1: lines.filter((l) => /^\s*H1\b/.test(l)).length, H2: lines.filter((l) => /^\s*H2\b/.test(l)).length };
}

async function catalogOf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const dict = (key: string) => pdf.context.lookupMaybe(pdf.catalog.get(PDFName.of(key)), PDFDict);
  return {
    pdf,
    lang: pdf.catalog.lookup(PDFName.of('Lang'))?.toString(),
    marked: dict('MarkInfo')?.get(PDFName.of('Marked')) === PDFBool.True,
    structTree: dict('StructTreeRoot') !== undefined,
    displayDocTitle: dict('ViewerPreferences')?.get(PDFName.of('DisplayDocTitle')) === PDFBool.True,
  };
}

const buyer = { name: 'Zoë Adams', email: 'zoe@example.com', orderId: 'order-tagged' };

describe.each(editions.map((edition) => [edition.id, edition] as const))('the %s edition', (id, edition) => {
  const book = loadManuscript(edition.language);
  const labels = bookLabels(edition.language);
  const chapters = [...book.chapters, book.challenge];

  it('is tagged, with heading elements, the chapters as bookmarks, its title and its language', async () => {
    const bytes = await baseBook(edition);
    const file = saved(id, bytes);
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(new RegExp(`^Pages:\\s+${BOOK_PAGES}$`, 'm'));
    expect(info).toContain(`Title:           ${book.title}\n`);
    const catalog = await catalogOf(bytes);
    expect(catalog).toMatchObject({
      lang: `(${edition.language})`,
      marked: true,
      structTree: true,
      displayDocTitle: true,
    });

    const outline = outlineOf(file);
    const titles = outline.map((b) => b.title);
    // Ruled notes pages, where a short edition has them, have their heading before the tracker.
    const notes = titles.at(-2) === labels.notes ? [labels.notes] : [];
    expect(titles).toEqual([
      labels.contents,
      labels.introduction,
      ...chapters.map((c) => c.title),
      labels.closing,
      ...notes,
      labels.tracker,
    ]);
    expect(outline.slice(2, 11).map((b) => b.children.map((s) => s.title))).toEqual(
      book.chapters.map((c) => c.sections.map((s) => s.heading)),
    );
    const pages = outline.map((b) => b.page);
    expect([pages[0], pages[1], pages.at(-1)]).toEqual([2, 3, BOOK_PAGES]);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));

    const sections = book.chapters.reduce((sum, c) => sum + c.sections.length, 0);
    expect(headingElements(file)).toEqual({ H1: titles.length, H2: sections });
  }, 60_000);

  it('stays tagged in a buyer’s copy, the stamp an artifact outside the structure', async () => {
    const base = saved(`${id}-base`, await baseBook(edition));
    const bytes = await stampedBook(edition, buyer);
    const file = saved(`${id}-copy`, bytes);
    expect(run('pdfinfo', [file])).toMatch(/^Tagged:\s+yes$/m);
    expect(await catalogOf(bytes)).toMatchObject({ lang: `(${edition.language})`, marked: true, structTree: true });
    expect(outlineOf(file)).toEqual(outlineOf(base));
    // The same structure tree, element for element (-struct-text would show the text too, at 3 s a book).
    expect(run('pdfinfo', ['-struct', file])).toEqual(run('pdfinfo', ['-struct', base]));
    expect(run('pdftotext', ['-l', '1', file, '-'])).toContain('Zoë Adams');

    const { pdf } = await catalogOf(bytes);
    for (const page of [0, BOOK_PAGES - 1]) {
      const contents = pdf.getPage(page).node.Contents();
      const last = pdf.context.lookup(contents instanceof PDFArray ? contents.get(contents.size() - 1) : contents);
      const stamp = Buffer.from(decodePDFRawStream(last as PDFRawStream).decode()).toString('latin1');
      expect(stamp.trim()).toMatch(/^\/Artifact <<\s*\/Type \/Pagination \/Subtype \/Footer\s*>>\s*BDC\b[\s\S]*\bEMC$/);
    }
  }, 60_000);
});

/**
 * Every edition's free sample is a tagged PDF too, read back the same way: its bookmarks are the
 * book's contents, introduction, chapter 1 (with its sections) and the sample's end; its title and
 * subject say it is a sample; the sample's mark stands on every page, outside the structure tree
 * (the page's own text is tagged, the mark is not).
 */
describe.each(editions.map((edition) => [edition.id, edition] as const))('the %s sample', (id, edition) => {
  const book = loadManuscript(edition.language);
  const labels = bookLabels(edition.language);
  const sample = sampleLabels(edition.language);
  const record = readManifest().editions[id]?.sample;

  it('is tagged, its bookmarks the book’s contents, introduction and chapter 1, with its title, language and mark', async () => {
    expect(record, 'run `npm run books`').toBeDefined();
    const bytes = new Uint8Array(readFileSync(join(COMMITTED_BOOKS_DIR, record!.pdf.file)));
    const file = saved(`${id}-sample`, bytes);
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(new RegExp(`^Pages:\\s+${record!.pdf.pages}$`, 'm'));
    expect(record!.pdf.pages).toBeLessThan(BOOK_PAGES / 2);
    const title = sample.title.replace('{title}', book.title);
    expect(info).toContain(`Title:           ${title}\n`);
    expect(info).toContain(`Subject:         ${sample.note}`);
    expect(await catalogOf(bytes)).toMatchObject({
      lang: `(${edition.language})`,
      marked: true,
      structTree: true,
      displayDocTitle: true,
    });

    const outline = outlineOf(file);
    const [one] = book.chapters;
    expect(outline.map((b) => b.title)).toEqual([labels.contents, labels.introduction, one!.title, sample.end]);
    expect(outline[2]!.children.map((s) => s.title)).toEqual(one!.sections.map((s) => s.heading));
    expect(outline.map((b) => b.page)).toEqual([2, 3, outline[2]!.page, record!.pdf.pages]);
    expect(headingElements(file)).toEqual({ H1: 4, H2: one!.sections.length });

    // The mark on every page, as text a reader can find, and none of it in the structure tree.
    const pages = run('pdftotext', ['-layout', file, '-']).split('\f').slice(0, record!.pdf.pages);
    // Compared as poppler extracts them: no spaces, no marks (it may set an Arabic shadda before or
    // after its letter), no bidi controls.
    const squeeze = (text: string) => text.replace(/[\s\p{M}\u200e\u200f\u202a-\u202e]+/gu, '');
    expect(pages).toHaveLength(record!.pdf.pages);
    for (const [i, text] of pages.entries()) expect(squeeze(text), `page ${i + 1}`).toContain(squeeze(sample.mark));
    const structure = run('pdfinfo', ['-struct-text', file]);
    expect(structure).toMatch(/^\s*H1\b/m);
    expect(structure.split('\n').filter((line) => squeeze(line) === squeeze(`"${sample.mark}"`))).toEqual([]);
  }, 60_000);
});
