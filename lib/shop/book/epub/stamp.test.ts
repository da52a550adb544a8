import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { editions } from '../../catalogue';
import { bookLabels } from '../labels';
import { committedEpub } from './epub-files';
import { PACKAGE_PATH, TITLE_PAGE_PATH } from './paths';
import { anyBuyer, longestBuyer } from '../../stamp/buyer-arbitraries';
import { licenceText } from '../../stamp/licence';
import { parseEpub, stampEpub } from './stamp';
import { entryText, readZip } from './zip';

/** A buyer's EPUB: the licence line on the title page and in dc:rights, and nothing else changed. */
const BUYERS = [
  { edition: 'ar', name: 'ليلى أحمد' },
  { edition: 'bn', name: 'রবীন্দ্রনাথ ঠাকুর' },
  { edition: 'ja', name: '山田 花子' },
  { edition: 'en', name: 'Tom <b>& "Jerry"</b>' },
];

describe.each(BUYERS)('a copy of the $edition EPUB for $name', ({ edition: id, name }) => {
  const edition = editions.find((e) => e.id === id)!;
  const base = committedEpub(edition);
  const buyer = { name, email: 'buyer@example.com', orderId: 'ord_123' };
  const copy = readZip(stampEpub(parseEpub(base.bytes), bookLabels(id).stamp, buyer));
  const text = (path: string) => entryText(copy, path);

  it('has the licence line on its title page, escaped, with the name isolated', () => {
    const page = text(TITLE_PAGE_PATH);
    expect(XMLValidator.validate(page)).toBe(true);
    const escaped = name
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;');
    expect(page).toContain(`<bdi>${escaped}</bdi>`);
    expect(page).toContain('<bdi dir="ltr">buyer@example.com</bdi>');
    expect(page).not.toContain('<b>');
    if (id === 'ar') expect(page).toMatch(/<html [^>]*dir="rtl"/);
  });

  it('states the licence as the package rights', () => {
    const opf = text(PACKAGE_PATH);
    expect(XMLValidator.validate(opf)).toBe(true);
    const rights = /<dc:rights>([^<]*)<\/dc:rights>/.exec(opf)?.[1];
    expect(
      rights?.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    ).toBe(licenceText(bookLabels(id).stamp, buyer));
    expect(rights).toContain('buyer@example.com');
  });

  it('keeps every other file as it is, the mimetype first and stored, and leaves the base alone', () => {
    const original = readZip(base.bytes);
    expect(copy.map((e) => e.name)).toEqual(original.map((e) => e.name));
    expect(copy[0]).toMatchObject({ name: 'mimetype', method: 0 });
    // Byte comparisons through Buffer: toEqual walks a Uint8Array element by element, seconds for a font.
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    for (const [i, entry] of copy.entries())
      if (![PACKAGE_PATH, TITLE_PAGE_PATH].includes(entry.name))
        expect({ ...entry, data: same(entry.data, original[i]!.data) }).toEqual({ ...original[i], data: true });
    expect(same(committedEpub(edition).bytes, base.bytes)).toBe(true);
    expect(entryText(original, TITLE_PAGE_PATH)).not.toContain('buyer@example.com');
  });
});

// Well-formed, and its one XML declaration first: fast-xml-parser's validator lets a declaration stand
// mid-file, which is what a buyer's `$\`` (the text before the slot) put there.
const wellFormed = (xml: string) => XMLValidator.validate(xml) === true && xml.lastIndexOf('<?xml') === 0;
const unescaped = (xml: string) =>
  xml
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);

describe("a buyer's EPUB, whatever the form accepts as their name and email", () => {
  // Third review, finding 5: String.replace read `$&`, `$'` and `` $` `` in an email as patterns.
  const bases = new Map(editions.map((edition) => [edition.id, parseEpub(committedEpub(edition).bytes)]));

  it('parses as XML, and states the name, email and order id exactly, on the title page and as the rights', () => {
    const buyers = fc.oneof(anyBuyer, anyBuyer, longestBuyer('latin'), longestBuyer('arabic'), longestBuyer('cjk'));
    fc.assert(
      fc.property(buyers, fc.constantFrom(...editions), (who, edition) => {
        const buyer = { ...who, orderId: '4f0c2a51-9a3e-4c36-8d1e-2b7f6a0c9e11' };
        const copy = readZip(stampEpub(bases.get(edition.id)!, bookLabels(edition.language).stamp, buyer));
        const [page, opf] = [entryText(copy, TITLE_PAGE_PATH), entryText(copy, PACKAGE_PATH)];
        expect(wellFormed(page)).toBe(true);
        expect(wellFormed(opf)).toBe(true);
        const line = licenceText(bookLabels(edition.language).stamp, buyer);
        expect(line).toContain(buyer.email);
        expect(unescaped(/<p class="licence"[^>]*>(.*?)<\/p>/.exec(page)![1]!)).toBe(line);
        expect(unescaped(/<dc:rights>(.*?)<\/dc:rights>/.exec(opf)![1]!)).toBe(line);
      }),
      { numRuns: 60 },
    );
  });
});
