import 'server-only';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { processSingleton } from '@/lib/process-singleton';
import { TYPESETTING_VERSION, renderBook, stampBook } from './book-pdf';
import { bookLabels } from './book-labels';
import { loadManuscript } from './manuscript';
import { editions, type Edition } from './catalogue';

/** Where `npm run build` leaves the typeset books (scripts/build-server.mjs runs lib/server/typeset-books.ts). */
export const BUILT_BOOKS_DIR = join(process.cwd(), 'dist', 'books');

// One copy per process, whichever bundle asks (lib/process-singleton.ts); at most one entry per edition.
const memory = processSingleton('books', () => new Map<string, Promise<Uint8Array>>());

/** The file an edition's unstamped book is kept in: its manuscript, labels and typesetter in the name. */
export function bookFileName(edition: Edition): string {
  const source = JSON.stringify([TYPESETTING_VERSION, loadManuscript(edition.language), bookLabels(edition.language), coverLine(edition)]);
  return `the-love-blueprint-${edition.id}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.pdf`;
}

const coverLine = (edition: Edition) => (edition.language === 'fr' ? 'Édition française' : `${edition.label} edition`);

/** Typesets an edition (seconds of CPU): the build does it once for every edition. */
export function typesetBook(edition: Edition): Promise<Uint8Array> {
  return renderBook(loadManuscript(edition.language), bookLabels(edition.language), { edition: coverLine(edition), brand: site.brand });
}

/**
 * The edition's unstamped PDF: from memory, else the build's copy, else one typeset earlier
 * into DATA_DIR/books, else typeset now (and kept there).
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
  const name = bookFileName(edition);
  const dataDir = join(resolve(env().dataDir), 'books');
  for (const dir of [BUILT_BOOKS_DIR, dataDir]) {
    try {
      return new Uint8Array(await readFile(join(dir, name)));
    } catch {
      // not there: try the next place
    }
  }
  const bytes = await typesetBook(edition);
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

const STAMP: Record<string, string> = {
  en: 'Licensed to {name} <{email}> · Order {order} · Personal copy, please do not share',
  fr: 'Licence de {name} <{email}> · Commande {order} · Exemplaire personnel, merci de ne pas le partager',
};

/** The buyer's own copy, with their name, email and order id on every page. */
export async function stampedBook(edition: Edition, stamp: { name: string; email: string; orderId: string }): Promise<Uint8Array> {
  return stampBook(await baseBook(edition), stamp, STAMP[edition.language] ?? STAMP.en!);
}
