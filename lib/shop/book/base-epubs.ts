import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processSingleton } from '@/lib/process-singleton';
import { COMMITTED_BOOKS_DIR } from './manifest';
import { bookLabels } from './labels';
import { baseEpubFileName } from './epub/file-name';
import { parseEpub, stampEpub, type ParsedEpub } from './epub/stamp';
import type { Buyer } from '../stamp/licence';
import type { Edition } from '../catalogue';

// One parsed copy per edition and process (base-books.ts keeps the PDFs the same way): at most 17
// entries of 140–250 KB, the entries still compressed.
const memory = processSingleton('epubs', () => new Map<string, Promise<ParsedEpub>>());

/** The edition's committed EPUB (content/books, built by `npm run books`), read and parsed once. */
function baseEpub(edition: Edition): Promise<ParsedEpub> {
  let epub = memory.get(edition.id);
  if (!epub) {
    epub = readFile(join(COMMITTED_BOOKS_DIR, baseEpubFileName(edition)))
      .then((bytes) => parseEpub(new Uint8Array(bytes)))
      .catch((error: unknown) => {
        memory.delete(edition.id);
        throw error;
      });
    memory.set(edition.id, epub);
  }
  return epub;
}

/** The buyer's own EPUB: their licence line on the title page and in the package's rights. */
export async function stampedEpub(edition: Edition, buyer: Buyer): Promise<Uint8Array> {
  return stampEpub(await baseEpub(edition), bookLabels(edition.language).stamp, buyer);
}
