import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { editions } from '@/lib/shop/catalogue';
import { BUILT_BOOKS_DIR, bookFileName, typesetBook } from '@/lib/shop/books';

/**
 * `npm run build` typesets every edition into dist/books, so a freshly started server has its
 * books at once: the first download is as fast as the hundredth.
 */
async function main() {
  await mkdir(BUILT_BOOKS_DIR, { recursive: true });
  for (const edition of editions) {
    const started = performance.now();
    const bytes = await typesetBook(edition);
    await writeFile(join(BUILT_BOOKS_DIR, bookFileName(edition)), bytes);
    console.log(`books: ${edition.id} typeset in ${Math.round(performance.now() - started)} ms (${Math.round(bytes.byteLength / 1024)} KB)`);
  }
}

await main();
