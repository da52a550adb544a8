import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMITTED_BOOKS_DIR, readManifest } from '../manifest';
import type { Edition } from '../../catalogue';
import { entryText, readZip } from './zip';

/** An edition's committed EPUB and its files as text (tests read them). */
export function committedEpub(edition: Edition): {
  bytes: Uint8Array;
  text: (name: string) => string;
  names: string[];
} {
  const record = readManifest().editions[edition.id];
  if (!record?.epub) throw new Error(`the ${edition.id} edition has no EPUB`);
  const bytes = new Uint8Array(readFileSync(join(COMMITTED_BOOKS_DIR, record.epub.file)));
  const entries = readZip(bytes);
  return {
    bytes,
    names: entries.map((e) => e.name),
    text: (name) => entryText(entries, name),
  };
}
