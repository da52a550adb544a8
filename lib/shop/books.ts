import 'server-only';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { renderBook, stampBook } from './book-pdf';
import { bookLabels } from './book-labels';
import { loadManuscript } from './manuscript';
import type { Edition } from './catalogue';

const memory = new Map<string, Promise<Uint8Array>>();

/**
 * The edition's unstamped PDF: rendered on first use, then cached in DATA_DIR (keyed by a
 * hash of its manuscript, so editing the text renders a fresh book) and in memory.
 */
export function baseBook(edition: Edition): Promise<Uint8Array> {
  let book = memory.get(edition.id);
  if (!book) {
    book = loadOrRender(edition).catch((error: unknown) => {
      memory.delete(edition.id);
      throw error;
    });
    memory.set(edition.id, book);
  }
  return book;
}

async function loadOrRender(edition: Edition): Promise<Uint8Array> {
  const manuscript = loadManuscript(edition.language);
  const hash = createHash('sha256').update(JSON.stringify(manuscript)).digest('hex').slice(0, 16);
  const dir = join(resolve(env().dataDir), 'books');
  const file = join(dir, `the-love-blueprint-${edition.id}-${hash}.pdf`);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    const coverEdition = edition.language === 'fr' ? 'Édition française' : `${edition.label} edition`;
    const bytes = await renderBook(manuscript, bookLabels(edition.language), { edition: coverEdition, brand: site.brand });
    await mkdir(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return bytes;
  }
}

const STAMP: Record<string, string> = {
  en: 'Licensed to {name} <{email}> · Order {order} · Personal copy, please do not share',
  fr: 'Licence de {name} <{email}> · Commande {order} · Exemplaire personnel, merci de ne pas le partager',
};

/** The buyer's own copy, with their name, email and order id on every page. */
export async function stampedBook(edition: Edition, stamp: { name: string; email: string; orderId: string }): Promise<Uint8Array> {
  return stampBook(await baseBook(edition), stamp, STAMP[edition.language] ?? STAMP.en!);
}
