import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editions } from '../../catalogue';
import { BOOK_PAGES } from '../layout';
import { COMMITTED_BOOKS_DIR, readManifest } from '../manifest';
import { committedEpub } from './epub-files';

/**
 * The EPUB's page-break markers stand where the PDF's pages begin: the letters after marker N
 * are the first letters pdftotext reads on page N of the committed PDF. Arabic is left out
 * (pdftotext gives Chromium's right-to-left lines in visual order, letters reversed); `-raw`, the
 * order Chromium drew in, because poppler's own reading order moves some Bengali lines.
 */
// Letters only, without marks and case: the PDF's eyebrows are upper case ("KEΦΑΛΑΙΟ" loses its accent).
const letters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\p{L}]/gu, '')
    .toLowerCase();
const decode = (xml: string) =>
  xml
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

describe.each(editions.filter((e) => e.id !== 'ar').map((e) => [e.id, e] as const))('the %s EPUB', (_id, edition) => {
  it(`marks each body page of the PDF where the PDF's page begins`, { timeout: 30_000 }, () => {
    const epub = committedEpub(edition);
    const pdf = join(COMMITTED_BOOKS_DIR, readManifest().editions[edition.id]!.file);
    const chapters = epub.names.filter((n) => /chapter-\d+\.xhtml$/.test(n)).map((n) => epub.text(n));
    const pages = readManifest().editions[edition.id]!.pageStarts.length;
    const printed = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 })
      .split('\f')
      .map(letters);
    for (let page = 3; page < 3 + pages; page += 1) {
      const chapter = chapters.find((c) => c.includes(`id="page-${page}"`))!;
      const after = letters(decode(chapter.slice(chapter.indexOf(`id="page-${page}"`)).replace(/^[^>]*>/, ''))).slice(
        0,
        12,
      );
      expect({ page, starts: printed[page - 1]!.slice(0, 12) }).toEqual({ page, starts: after });
    }
    expect(epub.text('EPUB/nav.xhtml').match(/href="[^"]+#page-\d+"/g)).toHaveLength(BOOK_PAGES);
  });
});
