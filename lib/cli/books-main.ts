import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { editions, type Edition } from '@/lib/shop/catalogue';
import { baseBookFileName, typesetBook } from '@/lib/shop/book/base-books';
import {
  COMMITTED_BOOKS_DIR,
  bookInputs,
  bookProblem,
  epubInputs,
  epubProblem,
  readManifest,
  sampleInputs,
  sampleProblem,
  sha256,
  writeManifest,
  type BookManifest,
} from '@/lib/shop/book/manifest';
import { buildEpub } from '@/lib/shop/book/epub/build';
import { baseEpubFileName } from '@/lib/shop/book/epub/file-name';
import { chromiumExecutable } from '@/lib/shop/book/chromium';
import { typesetSample } from '@/lib/shop/book/sample/typeset';
import { buildSampleEpub } from '@/lib/shop/book/sample/epub';
import { sampleFileName } from '@/lib/shop/sample-links';

/* eslint-disable no-console -- a build step's report to whoever runs `npm run books` or the
   build (what was typeset, what is missing), read at a terminal or in a build log: not the
   server's log, which is JSON lines on a server's stdout. */

/**
 * The entry of dist/books.mjs.
 * - `npm run books [-- --all | EDITION…]` typesets, in Chromium, every edition whose committed
 *   book is missing or stale (or all, or those named) into content/books and updates the manifest;
 *   then builds the EPUB of each edition typeset, or whose EPUB is missing or stale (no browser);
 *   then the free sample (a PDF, in Chromium, and an EPUB) of each edition whose book or EPUB was
 *   made, or whose sample is missing or stale.
 * - `--check` is the build's step: it needs no browser. It stops the build when an edition has no
 *   book for its manuscript, and warns when one was set from older fonts or typesetter code.
 */
async function typeset(manifest: BookManifest, chosen: readonly Edition[]) {
  if (!chosen.length) return;
  const browser = execFileSync(await chromiumExecutable(), ['--version'], { encoding: 'utf8' }).trim();
  for (const edition of chosen) {
    const started = performance.now();
    const { pdf: bytes, pageStarts } = await typesetBook(edition);
    const file = baseBookFileName(edition);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    writeFileSync(join(COMMITTED_BOOKS_DIR, file), bytes);
    manifest.editions[edition.id] = {
      file,
      pages,
      bytes: bytes.byteLength,
      sha256: sha256(bytes),
      inputs: bookInputs(edition),
      typesetWith: browser,
      pageStarts,
      epub: manifest.editions[edition.id]?.epub,
      sample: manifest.editions[edition.id]?.sample,
    };
    console.log(
      `books: ${edition.id} typeset in ${Math.round(performance.now() - started)} ms (${Math.round(bytes.byteLength / 1024)} KB, ${pages} pages)`,
    );
  }
}

/** Builds the EPUB of each edition chosen (seconds for all, no browser: the page list comes from the manifest). */
async function buildEpubs(manifest: BookManifest, chosen: readonly Edition[]) {
  for (const edition of chosen) {
    const record = manifest.editions[edition.id];
    if (!record) throw new Error(`the ${edition.id} edition has no PDF to take its pages from`);
    const started = performance.now();
    const bytes = await buildEpub(edition, record.pageStarts);
    const file = baseEpubFileName(edition);
    writeFileSync(join(COMMITTED_BOOKS_DIR, file), bytes);
    record.epub = {
      file,
      bytes: bytes.byteLength,
      sha256: sha256(bytes),
      inputs: epubInputs(edition, record.pageStarts),
    };
    console.log(
      `books: ${edition.id} EPUB built in ${Math.round(performance.now() - started)} ms (${Math.round(bytes.byteLength / 1024)} KB)`,
    );
  }
}

const sampleFiles = (edition: Edition) => ({
  pdf: sampleFileName(edition.id, 'pdf'),
  epub: sampleFileName(edition.id, 'epub'),
});

/** Builds each chosen edition's sample, cut from its committed book and EPUB: the PDF typeset in Chromium (seconds each). */
async function buildSamples(manifest: BookManifest, chosen: readonly Edition[]) {
  for (const edition of chosen) {
    const record = manifest.editions[edition.id];
    if (!record?.epub) throw new Error(`the ${edition.id} edition has no book and EPUB to cut its sample from`);
    const started = performance.now();
    const names = sampleFiles(edition);
    const { pdf, pages } = await typesetSample(edition, record.pageStarts);
    const epub = buildSampleEpub(edition, record.pageStarts, readFileSync(join(COMMITTED_BOOKS_DIR, record.epub.file)));
    writeFileSync(join(COMMITTED_BOOKS_DIR, names.pdf), pdf);
    writeFileSync(join(COMMITTED_BOOKS_DIR, names.epub), epub);
    record.sample = {
      pdf: { file: names.pdf, pages, bytes: pdf.byteLength, sha256: sha256(pdf) },
      epub: { file: names.epub, bytes: epub.byteLength, sha256: sha256(epub) },
      inputs: sampleInputs(edition, record),
    };
    console.log(
      `books: ${edition.id} sample built in ${Math.round(performance.now() - started)} ms (${pages} pages, ${Math.round(pdf.byteLength / 1024)} KB PDF, ${Math.round(epub.byteLength / 1024)} KB EPUB)`,
    );
  }
}

function save(manifest: BookManifest) {
  // In catalogue order, and no file the manifest no longer names.
  writeManifest({
    editions: Object.fromEntries(
      editions.flatMap((e) => (manifest.editions[e.id] ? [[e.id, manifest.editions[e.id]!]] : [])),
    ),
  });
  const kept = new Set([
    'manifest.json',
    ...editions.flatMap((e) => {
      const record = manifest.editions[e.id];
      return [record?.file, record?.epub?.file, record?.sample?.pdf.file, record?.sample?.epub.file];
    }),
  ]);
  for (const name of readdirSync(COMMITTED_BOOKS_DIR)) if (!kept.has(name)) rmSync(join(COMMITTED_BOOKS_DIR, name));
}

function check(): number {
  const manifest = readManifest();
  let missing = 0;
  for (const edition of editions) {
    const problem =
      bookProblem(edition, manifest, baseBookFileName(edition)) ??
      epubProblem(edition, manifest, baseEpubFileName(edition)) ??
      sampleProblem(edition, manifest, sampleFiles(edition));
    if (!problem) continue;
    if (problem.kind === 'missing') missing += 1;
    console.error(
      `books: the ${edition.id} edition ${problem.kind === 'missing' ? 'cannot be sold' : 'is stale'}: ${problem.reason}.`,
    );
  }
  if (missing) console.error('books: run `npm run books` (it needs Chromium) and commit content/books.');
  else console.log(`books: all ${editions.length} editions are typeset (content/books)`);
  return missing ? 1 : 0;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--check')) process.exit(check());
  const named = args.filter((arg) => !arg.startsWith('--'));
  const unknown = named.filter((id) => !editions.some((e) => e.id === id));
  if (unknown.length) {
    console.error(`books: no such edition: ${unknown.join(', ')} (editions: ${editions.map((e) => e.id).join(', ')})`);
    process.exit(2);
  }
  const manifest = readManifest();
  const pick = (stale: (e: Edition) => unknown) =>
    args.includes('--all')
      ? editions
      : named.length
        ? editions.filter((e) => named.includes(e.id))
        : editions.filter(stale);
  const pdfs = pick((e) => bookProblem(e, manifest, baseBookFileName(e)));
  await typeset(manifest, pdfs);
  // An EPUB follows its PDF's pages: rebuilt with it, or alone when only the EPUB's own inputs changed.
  const epubs = editions.filter(
    (e) => pdfs.includes(e) || pick((x) => epubProblem(x, manifest, baseEpubFileName(x))).includes(e),
  );
  await buildEpubs(manifest, epubs);
  // A sample is cut from its book and EPUB: rebuilt with either, or alone when only its own inputs changed.
  const samples = editions.filter(
    (e) => epubs.includes(e) || pick((x) => sampleProblem(x, manifest, sampleFiles(x))).includes(e),
  );
  await buildSamples(manifest, samples);
  if (!pdfs.length && !epubs.length && !samples.length) console.log('books: every edition is up to date');
  else save(manifest);
}

main().catch((error: unknown) => {
  console.error(`books: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
