import { fillPlaceholders } from '@/lib/i18n/placeholders';
import { licenceText, licenceValues, type Buyer } from '../../stamp/licence';
import { LICENCE_SLOT } from './front-matter';
import { PACKAGE_PATH, TITLE_PAGE_PATH } from './paths';
import { RIGHTS_SLOT, rightsElement } from './package-document';
import { escapeXml } from './xhtml';
import { entryText, readZip, writeZip, zipEntry, type ZipEntry } from './zip';

/**
 * A buyer's copy of an EPUB: the licence line on the title page, as text the reader lays out
 * (in the edition's language and direction, the name, email and order id each isolated so a
 * right-to-left name or a left-to-right email keeps its own order), and as the package's
 * dc:rights. Only those two files change: every other entry is copied still compressed.
 */
export type ParsedEpub = { entries: ZipEntry[]; opf: string; titlePage: string };

export function parseEpub(bytes: Uint8Array): ParsedEpub {
  const entries = readZip(bytes);
  const parsed = { entries, opf: entryText(entries, PACKAGE_PATH), titlePage: entryText(entries, TITLE_PAGE_PATH) };
  if (!parsed.opf.includes(RIGHTS_SLOT) || !parsed.titlePage.includes(LICENCE_SLOT))
    throw new Error('the EPUB has no place for a licence line');
  return parsed;
}

export function stampEpub(base: ParsedEpub, template: string, buyer: Buyer): Uint8Array {
  // The name's direction is its own (bdi); the email and order id are always left to right.
  const line = fillPlaceholders(
    template,
    licenceValues(buyer),
    (key, value) => (key === 'name' ? `<bdi>${escapeXml(value)}</bdi>` : `<bdi dir="ltr">${escapeXml(value)}</bdi>`),
    escapeXml,
  );
  // Replaced by functions: a replacement string would read the buyer's `$&` or `$'` as a pattern.
  // A 254-character address is one word: it wraps anywhere rather than running off the page.
  const titlePage = base.titlePage.replace(
    LICENCE_SLOT,
    () => `<p class="licence" style="overflow-wrap: anywhere">${line}</p>`,
  );
  const opf = base.opf.replace(RIGHTS_SLOT, () => rightsElement(licenceText(template, buyer)));
  const swapped: Record<string, string> = { [PACKAGE_PATH]: opf, [TITLE_PAGE_PATH]: titlePage };
  return writeZip(
    base.entries.map((entry) => (entry.name in swapped ? zipEntry(entry.name, swapped[entry.name]!) : entry)),
  );
}
