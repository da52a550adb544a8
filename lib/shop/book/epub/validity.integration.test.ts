import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epubcheck, type EpubCheckResult } from '@/lib/testing/epub-checks';
import { editions } from '../../catalogue';
import { bookLabels } from '../labels';
import { COMMITTED_BOOKS_DIR, readManifest } from '../manifest';
import { committedEpub } from './epub-files';
import { WIDEST_BUYERS } from '../../stamp/buyer-arbitraries';
import { parseEpub, stampEpub } from './stamp';
import { sampleFileName } from '../../sample-links';

/**
 * EPUBCheck (5, the W3C's conformance checker) finds no error or warning in any edition's
 * committed EPUB or sample EPUB, nor in buyers' copies with names in Arabic, Bengali, Japanese and with markup
 * characters, an email full of `$` patterns and placeholders (third review, finding 5), and the
 * widest names and emails the form accepts in Latin, Arabic and CJK. One JVM checks them all (Ace,
 * the accessibility checker, is an e2e auditor).
 */
const EMAIL = 'buyer@example.com';
const BUYERS = [
  { edition: 'ar', name: 'ليلى أحمد', email: EMAIL },
  { edition: 'bn', name: 'রবীন্দ্রনাথ ঠাকুর', email: EMAIL },
  { edition: 'ja', name: '山田 花子', email: EMAIL },
  { edition: 'en', name: 'Tom <b>& "Jerry"</b>', email: EMAIL },
  { edition: 'en', name: "Bob O’Doe-d'Arcy", email: "a$`b$&$'$$$1{order}{name}@x.example" },
  { edition: 'en', ...WIDEST_BUYERS.latin },
  { edition: 'ar', ...WIDEST_BUYERS.arabic },
  { edition: 'ja', ...WIDEST_BUYERS.cjk },
];

describe('EPUBCheck', () => {
  const manifest = readManifest();
  const bases = editions.map((edition) => join(COMMITTED_BOOKS_DIR, manifest.editions[edition.id]!.epub!.file));
  // Every edition's free sample (lib/shop/book/sample/epub.ts), under the name it is served by.
  const samples = editions.map((edition) => join(COMMITTED_BOOKS_DIR, sampleFileName(edition.id, 'epub')));
  const dir = mkdtempSync(join(tmpdir(), 'amora-epub-'));
  const copies = BUYERS.map(({ edition: id, name, email }, i) => {
    const edition = editions.find((e) => e.id === id)!;
    const file = join(dir, `copy-${i}-${id}.epub`);
    const buyer = { name, email, orderId: 'ord_123' };
    writeFileSync(file, stampEpub(parseEpub(committedEpub(edition).bytes), bookLabels(id).stamp, buyer));
    return file;
  });
  let results: Map<string, EpubCheckResult>;
  beforeAll(async () => {
    results = await epubcheck([...bases, ...copies, ...samples]);
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const clean = (file: string) => ({ file, fatals: 0, errors: 0, warnings: 0, messages: [] });
  it('finds nothing in the EPUB of any of the 17 editions', () => {
    for (const file of bases) expect({ file, ...results.get(file) }).toEqual(clean(file));
  });
  it('finds nothing in the sample EPUB of any of the 17 editions', () => {
    for (const file of samples) expect({ file, ...results.get(file) }).toEqual(clean(file));
  });
  it("finds nothing in buyers' copies, whatever script their name is in", () => {
    for (const file of copies) expect({ file, ...results.get(file) }).toEqual(clean(file));
  });
});
