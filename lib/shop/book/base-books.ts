import 'server-only';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { processSingleton } from '@/lib/process-singleton';
import { TYPESETTING_VERSION } from './layout';
import { sourceFileName } from './source-file-name';
import { COMMITTED_BOOKS_DIR } from './manifest';
import { stampBook } from '../stamp/stamp';
import { bookLabels } from './labels';
import { loadManuscript } from './manuscript';
import { editions, type Edition } from '../catalogue';
import { directionOfLanguage } from '@/lib/i18n/locales';
import type { TypesetBook } from './typesetter';

// One copy per process, whichever bundle asks (lib/process-singleton.ts); at most one entry per edition.
const memory = processSingleton('books', () => new Map<string, Promise<Uint8Array>>());

/** The file an edition's unstamped book is kept in: its manuscript, labels and typesetter in the name. */
export function baseBookFileName(edition: Edition): string {
  return sourceFileName(edition, TYPESETTING_VERSION, 'pdf');
}

/** Typesets an edition in Chromium (seconds): `npm run books` does it once for every edition, into content/books. */
export async function typesetBook(edition: Edition): Promise<TypesetBook> {
  const { renderBook } = await import('./typesetter');
  return renderBook(loadManuscript(edition.language), bookLabels(edition.language), {
    lang: edition.language,
    dir: directionOfLanguage(edition.language),
    brand: site.brand,
    supportEmail: site.supportEmail,
  });
}

/**
 * The edition's unstamped PDF: from memory, else the committed one (content/books), else one
 * typeset earlier into DATA_DIR/books, else typeset now (and kept there), which needs Chromium:
 * only a manuscript edited since `npm run books` comes to that.
 */
export function baseBook(edition: Edition): Promise<Uint8Array> {
  let book = memory.get(edition.id);
  if (!book) {
    book = loadOrTypeset(edition).catch((error: unknown) => {
      memory.delete(edition.id);
      throw error;
    });
    memory.set(edition.id, book);
  }
  return book;
}

async function loadOrTypeset(edition: Edition): Promise<Uint8Array> {
  const name = baseBookFileName(edition);
  const dataDir = join(resolve(env().dataDir), 'books');
  for (const dir of [COMMITTED_BOOKS_DIR, dataDir]) {
    try {
      return new Uint8Array(await readFile(join(dir, name)));
    } catch {
      // not there: try the next place
    }
  }
  const { pdf: bytes } = await typesetBook(edition);
  await mkdir(dataDir, { recursive: true });
  const temporary = join(dataDir, `${name}.${process.pid}.tmp`);
  await writeFile(temporary, bytes);
  await rename(temporary, join(dataDir, name));
  return bytes;
}

/** Loads (or typesets) every edition, one after another; resolves when all are ready. */
export async function warmBooks(): Promise<void> {
  for (const edition of editions) await baseBook(edition);
}

/** The buyer's own copy, with their name, email and order id on every page. */
export async function stampedBook(
  edition: Edition,
  stamp: { name: string; email: string; orderId: string },
): Promise<Uint8Array> {
  return stampBook(
    await baseBook(edition),
    stamp,
    bookLabels(edition.language).stamp,
    directionOfLanguage(edition.language),
  );
}
