import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { site } from '@/lib/site';
import { editions } from '../../catalogue';
import { sampleFileName } from '../../sample-links';
import { bookLabels, sampleLabels } from '../labels';
import { COMMITTED_BOOKS_DIR } from '../manifest';
import { loadManuscript } from '../manuscript';
import { stampedBook } from '../base-books';
import { PACKAGE_PATH } from '../epub/paths';
import { entryText, readZip } from '../epub/zip';
import { escapeXml } from '../epub/xhtml';
import { sampleBuyUrl } from './content';

/**
 * The committed samples as a visitor downloads them: chapter 1 whole and nothing of chapter 2's
 * text, a 'Sample' mark in the metadata, the full book's URL at the end, and no buyer's data: no
 * licence line, no name or email of an order (a buyer's copy made here has them; the samples do
 * not), nothing but the support address.
 */
const dir = mkdtempSync(join(tmpdir(), 'amora-samples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const buyer = { name: 'Zoë Samplebuyer', email: 'zoe.samplebuyer@example.com', orderId: 'order-sample-check' };
const squeeze = (text: string) => text.replace(/\s+/g, '');
const read = (name: string) => new Uint8Array(readFileSync(join(COMMITTED_BOOKS_DIR, name)));

describe.each(editions.map((edition) => [edition.id, edition] as const))('the %s sample', (id, edition) => {
  const book = loadManuscript(edition.language);
  const labels = bookLabels(edition.language);
  const sample = sampleLabels(edition.language);
  const [one, two] = book.chapters;
  // The licence line's longest words of its own (between the buyer's values), which a stamped copy prints on every page.
  const licence = labels.stamp
    .split(/\{\w+\}/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!;

  it('EPUB: chapter 1 whole, nothing of chapter 2, marked as a sample at its start, its chapters and its end', () => {
    const entries = readZip(read(sampleFileName(id, 'epub')));
    const names = entries.map((e) => e.name);
    // The text as read: without the page-break markers a paragraph split across the book's pages holds.
    const text = names
      .filter((n) => n.endsWith('.xhtml'))
      .map((n) => entryText(entries, n))
      .join('\n')
      .replace(/<span epub:type="pagebreak"[^>]*><\/span>/g, '');
    for (const p of [...book.introduction, ...one!.sections.flatMap((s) => s.paragraphs)])
      expect(text).toContain(escapeXml(p));
    for (const p of [two!.summary, ...two!.sections.flatMap((s) => [s.heading, ...s.paragraphs])])
      expect(text).not.toContain(escapeXml(p));
    expect(names.filter((n) => /chapter-\d+\.xhtml$/.test(n))).toEqual([
      'EPUB/chapter-01.xhtml',
      'EPUB/chapter-02.xhtml',
    ]);
    const note = `<p class="sample-note">${escapeXml(sample.note)}</p>`;
    for (const file of ['EPUB/title.xhtml', 'EPUB/chapter-01.xhtml', 'EPUB/chapter-02.xhtml', 'EPUB/end.xhtml'])
      expect(entryText(entries, file), file).toContain(note);
    const end = entryText(entries, 'EPUB/end.xhtml');
    expect(end).toContain(`<a href="${sampleBuyUrl(edition)}">${sampleBuyUrl(edition)}</a>`);
    expect(end).toContain(escapeXml(`${two!.number}. ${two!.title}`));
    const opf = entryText(entries, PACKAGE_PATH);
    expect(opf).toContain(`<dc:title id="title">${escapeXml(sample.title.replace('{title}', book.title))}</dc:title>`);
    expect(opf).not.toContain('<dc:rights>');
    for (const secret of [licence, buyer.name, buyer.email, buyer.orderId, 'order:'])
      expect(squeeze(text + opf)).not.toContain(squeeze(escapeXml(secret)));
  });

  it('PDF: no buyer’s data in its text or metadata, the mark in its keywords, the full book’s URL at its end', async () => {
    const bytes = read(sampleFileName(id, 'pdf'));
    const file = join(dir, `${id}.pdf`);
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const meta = [pdf.getTitle(), pdf.getSubject(), pdf.getKeywords(), pdf.getAuthor()].join('\n');
    expect(pdf.getKeywords()).toBe(sample.mark);
    expect(pdf.getTitle()).toBe(sample.title.replace('{title}', book.title));
    // A buyer's copy of the same book carries them: the check below would see them there.
    const copy = join(dir, `${id}-copy.pdf`);
    writeFileSync(copy, await stampedBook(edition, buyer));
    expect(squeeze(execFileSync('pdftotext', ['-l', '1', copy, '-'], { encoding: 'utf8' }))).toContain(
      squeeze(buyer.email),
    );
    for (const secret of [buyer.name, buyer.email, buyer.orderId, 'order:'])
      expect(squeeze(text + meta)).not.toContain(squeeze(secret));
    expect(licence.length).toBeGreaterThan(5);
    expect(squeeze(text)).not.toContain(squeeze(licence));
    // The only address in it is the support address (the cover's imprint, the closing words are not in it).
    expect((text.match(/[\w.+-]+@[\w-]+\.[\w.-]+/g) ?? []).filter((a) => a !== site.supportEmail)).toEqual([]);
    expect(squeeze(text)).toContain(squeeze(sampleBuyUrl(edition)));
  });
});
