import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { editions, type Edition } from '@/lib/shop/catalogue';
import { baseBookFileName, typesetBook } from '@/lib/shop/book/base-books';
import {
  COMMITTED_BOOKS_DIR,
  bookInputs,
  bookProblem,
  readManifest,
  sha256,
  writeManifest,
} from '@/lib/shop/book/manifest';
import { chromiumExecutable } from '@/lib/shop/book/chromium';

/**
 * The entry of dist/books.mjs.
 * - `npm run books [-- --all | EDITION…]` typesets, in Chromium, every edition whose committed
 *   book is missing or stale (or all, or those named) into content/books and updates the manifest.
 * - `--check` is the build's step: it needs no browser. It stops the build when an edition has no
 *   book for its manuscript, and warns when one was set from older fonts or typesetter code.
 */
async function typeset(chosen: readonly Edition[]) {
  const manifest = readManifest();
  const browser = execFileSync(await chromiumExecutable(), ['--version'], { encoding: 'utf8' }).trim();
  for (const edition of chosen) {
    const started = performance.now();
    const bytes = await typesetBook(edition);
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
    };
    console.log(
      `books: ${edition.id} typeset in ${Math.round(performance.now() - started)} ms (${Math.round(bytes.byteLength / 1024)} KB, ${pages} pages)`,
    );
  }
  // In catalogue order, and no file the manifest no longer names.
  writeManifest({
    editions: Object.fromEntries(
      editions.flatMap((e) => (manifest.editions[e.id] ? [[e.id, manifest.editions[e.id]!]] : [])),
    ),
  });
  const kept = new Set(['manifest.json', ...editions.map((e) => manifest.editions[e.id]?.file)]);
  for (const name of readdirSync(COMMITTED_BOOKS_DIR)) if (!kept.has(name)) rmSync(join(COMMITTED_BOOKS_DIR, name));
}

function check(): number {
  const manifest = readManifest();
  let missing = 0;
  for (const edition of editions) {
    const problem = bookProblem(edition, manifest, baseBookFileName(edition));
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
  const chosen = args.includes('--all')
    ? editions
    : named.length
      ? editions.filter((e) => named.includes(e.id))
      : editions.filter((e) => bookProblem(e, manifest, baseBookFileName(e)));
  if (!chosen.length) console.log('books: every edition is up to date');
  else await typeset(chosen);
}

main().catch((error: unknown) => {
  console.error(`books: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
