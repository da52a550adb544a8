import type { Edition } from '../../catalogue';
import { sourceFileName } from '../source-file-name';

/** Part of every EPUB's file name: raise it when a change to the builder must not keep old names. */
const EPUB_VERSION = 1;

/** The file an edition's unstamped EPUB is kept in: its manuscript and labels in the name, like the PDF's. */
export function baseEpubFileName(edition: Edition): string {
  return sourceFileName(edition, EPUB_VERSION, 'epub');
}
