import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { BOOK_PAGES } from './layout';
import {
  COMMITTED_BOOKS_DIR,
  bookProblem,
  epubProblem,
  readManifest,
  sampleProblem,
  type BookManifest,
} from './manifest';
import { baseEpubFileName } from './epub/file-name';
import { baseBookFileName } from './base-books';
import { editions, type Edition } from '../catalogue';
import { sampleFileName } from '../sample-links';

const sampleFiles = (edition: Edition) => ({
  pdf: sampleFileName(edition.id, 'pdf'),
  epub: sampleFileName(edition.id, 'epub'),
});

/** The committed books (content/books) are the ones their manuscripts, labels, fonts and typesetter make now. */
describe('the committed books', () => {
  const manifest = readManifest();

  it.each(editions.map((edition) => [edition.id, edition] as const))(
    'the %s edition is typeset from what is in this checkout',
    (_id, edition) => {
      const problem = bookProblem(edition, manifest, baseBookFileName(edition));
      expect(problem && `${problem.reason}: run \`npm run books\` and commit content/books`).toBeUndefined();
    },
  );

  it.each(editions.map((edition) => [edition.id, edition] as const))(
    'the %s EPUB is built from what is in this checkout',
    (_id, edition) => {
      const problem = epubProblem(edition, manifest, baseEpubFileName(edition));
      expect(problem && `${problem.reason}: run \`npm run books\` and commit content/books`).toBeUndefined();
    },
  );

  it.each(editions.map((edition) => [edition.id, edition] as const))(
    'the %s sample is cut from this checkout’s book, under the names it is served by',
    (_id, edition) => {
      const problem = sampleProblem(edition, manifest, sampleFiles(edition));
      expect(problem && `${problem.reason}: run \`npm run books\` and commit content/books`).toBeUndefined();
    },
  );

  it(`are ${BOOK_PAGES} pages each, and content/books holds nothing else`, async () => {
    const files = editions.map((edition) => manifest.editions[edition.id]?.file);
    const epubs = editions.map((edition) => manifest.editions[edition.id]?.epub?.file);
    const samples = editions.flatMap((edition) => Object.values(sampleFiles(edition)));
    expect(readdirSync(COMMITTED_BOOKS_DIR).sort()).toEqual(['manifest.json', ...files, ...epubs, ...samples].sort());
    for (const file of files) {
      const pdf = await PDFDocument.load(readFileSync(join(COMMITTED_BOOKS_DIR, file!)), { updateMetadata: false });
      expect(pdf.getPageCount(), file).toBe(BOOK_PAGES);
    }
    // Reads 17 books (7 MB): about 1 s idle, past vitest's 5 s default with both cores busy.
  }, 60_000);
});

describe('bookProblem', () => {
  const edition = editions.find((e) => e.id === 'ja')!;
  const current = readManifest();
  const altered = (change: (record: BookManifest['editions'][string]) => void): BookManifest => {
    const copy = structuredClone(current);
    change(copy.editions.ja!);
    return copy;
  };

  it('names the input that changed since the book was typeset', () => {
    const problem = bookProblem(
      edition,
      altered((r) => void (r.inputs.fonts = ['@fontsource/noto-sans-jp@5.2.0'])),
      baseBookFileName(edition),
    );
    expect(problem).toEqual({ kind: 'stale', reason: 'its fonts changed since it was typeset' });
    expect(
      bookProblem(
        edition,
        altered((r) => void (r.inputs.typesetter = '0000000000000000')),
        baseBookFileName(edition),
      )?.reason,
    ).toContain('typesetter');
  });

  it("names what changed in an EPUB's inputs, and a missing EPUB", () => {
    expect(
      epubProblem(
        edition,
        altered((r) => void (r.epub!.inputs.builder = '0000000000000000')),
        baseEpubFileName(edition),
      ),
    ).toEqual({ kind: 'stale', reason: "its EPUB's builder changed since it was built" });
    expect(
      epubProblem(
        edition,
        altered((r) => void (r.pageStarts = r.pageStarts.slice(1))),
        baseEpubFileName(edition),
      )?.reason,
    ).toContain('pages');
    expect(
      epubProblem(
        edition,
        altered((r) => void delete r.epub),
        baseEpubFileName(edition),
      ),
    ).toMatchObject({ kind: 'missing' });
  });

  it("names what changed in a sample's inputs, and a missing or altered sample", () => {
    for (const key of ['book', 'epub', 'cutFrom', 'labels', 'sampler', 'url'] as const)
      expect(
        sampleProblem(
          edition,
          altered((r) => void (r.sample!.inputs[key] = 'changed')),
          sampleFiles(edition),
        ),
      ).toEqual({ kind: 'stale', reason: `its sample's ${key} changed since it was built` });
    expect(
      sampleProblem(
        edition,
        altered((r) => void delete r.sample),
        sampleFiles(edition),
      ),
    ).toEqual({ kind: 'missing', reason: 'it has no sample' });
    expect(
      sampleProblem(
        edition,
        altered((r) => void (r.sample!.epub.sha256 = '0'.repeat(64))),
        sampleFiles(edition),
      ),
    ).toMatchObject({ kind: 'missing', reason: expect.stringContaining('not the file') });
    expect(
      sampleProblem(edition, current, { pdf: 'the-love-blueprint-ja-sample.pdf', epub: 'elsewhere.epub' }),
    ).toMatchObject({ kind: 'missing' });
  });

  it('says an edition cannot be sold when its manuscript has no book, or the book is not the file described', () => {
    expect(bookProblem(edition, current, 'the-love-blueprint-ja-0123456789abcdef.pdf')?.kind).toBe('missing');
    expect(
      bookProblem(
        edition,
        altered((r) => void (r.sha256 = '0'.repeat(64))),
        baseBookFileName(edition),
      ),
    ).toMatchObject({ kind: 'missing', reason: expect.stringContaining('not the file') });
    expect(bookProblem(edition, { editions: {} }, baseBookFileName(edition))).toMatchObject({ kind: 'missing' });
  });
});
