import { createHash } from 'node:crypto';
import type { Edition } from '../catalogue';
import { bookLabels } from './labels';
import { loadManuscript } from './manuscript';

/**
 * The file an edition's unstamped book is kept in: a hash of what it is made from (its manuscript,
 * labels and the maker's version) in the name, so an edit never finds a stale file by its old name.
 */
export function sourceFileName(edition: Edition, makerVersion: number, extension: 'pdf' | 'epub'): string {
  const source = JSON.stringify([makerVersion, loadManuscript(edition.language), bookLabels(edition.language)]);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  return `the-love-blueprint-${edition.id}-${hash}.${extension}`;
}
