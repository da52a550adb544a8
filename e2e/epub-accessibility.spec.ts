import { join } from 'node:path';
import { test, expect } from './fixtures';
import { ace } from '@/lib/testing/epub-checks';
import { editions } from '@/lib/shop/catalogue';
import { COMMITTED_BOOKS_DIR, readManifest } from '@/lib/shop/book/manifest';
import { sampleFileName } from '@/lib/shop/sample-links';

/**
 * Ace by DAISY (axe-core in Chromium, plus its own EPUB checks: metadata, page list, landmarks)
 * finds no violation in any edition's EPUB. An auditor's run: Ace opens every chapter of 17 books,
 * minutes on two busy cores, too long for the integration tier (EPUBCheck runs there).
 */
test('Ace by DAISY: no violation in the EPUB of any of the 17 editions', async () => {
  test.setTimeout(20 * 60_000);
  const manifest = readManifest();
  const files = editions.map((edition) => join(COMMITTED_BOOKS_DIR, manifest.editions[edition.id]!.epub!.file));
  const results = await ace(files);
  expect([...results.keys()]).toEqual(files);
  for (const [file, result] of results) expect({ file, ...result }).toEqual({ file, outcome: 'pass', violations: [] });
});

test('Ace by DAISY: no violation in the sample EPUB of any of the 17 editions', async () => {
  test.setTimeout(20 * 60_000);
  const files = editions.map((edition) => join(COMMITTED_BOOKS_DIR, sampleFileName(edition.id, 'epub')));
  const results = await ace(files);
  expect([...results.keys()]).toEqual(files);
  for (const [file, result] of results) expect({ file, ...result }).toEqual({ file, outcome: 'pass', violations: [] });
});
