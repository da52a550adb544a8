import { createHash } from 'node:crypto';
import type { Edition } from '../../catalogue';
import { bookLabels } from '../labels';
import { loadManuscript } from '../manuscript';

/** Part of every EPUB's file name: raise it when a change to the builder must not keep old names. */
const EPUB_VERSION = 1;

/** The file an edition's unstamped EPUB is kept in: its manuscript and labels in the name, like the PDF's. */
export function baseEpubFileName(edition: Edition): string {
  const source = JSON.stringify([EPUB_VERSION, loadManuscript(edition.language), bookLabels(edition.language)]);
  return `the-love-blueprint-${edition.id}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.epub`;
}
