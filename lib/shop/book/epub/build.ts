import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { site } from '@/lib/site';
import { directionOfLanguage } from '@/lib/i18n/locales';
import type { Edition } from '../../catalogue';
import { bookLabels } from '../labels';
import { BOOK_PAGES, FIXED_PAGES, blocksOf, numbered } from '../layout';
import { loadManuscript } from '../manuscript';
import type { PageStart } from '../paginate';
import { chaptersOf } from './chapters';
import { epubFaces } from './fonts';
import { coverPage, navigationDocument, titlePage, trackerPage, type FrontMatter } from './front-matter';
import { packageDocument } from './package-document';
import { epubStyle } from './style';
import { writeZip, zipEntry } from './zip';
import { PACKAGE_PATH, TITLE_PAGE_PATH } from './paths';
import { xhtmlDocument } from './xhtml';

// The PDF's date: a rebuild from the same inputs gives the same bytes.
const MODIFIED = '2025-07-15T00:00:00Z';

/** A stable urn:uuid per edition and kind (the EPUB itself, or the PDF its page list follows). */
function editionUuid(edition: Edition, kind: 'epub' | 'pdf'): string {
  const hex = createHash('sha256').update(`the-love-blueprint:${edition.id}:${kind}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The cover as a JPEG: every reading system shows one, not all an SVG. The SVG's own title is its text alternative. */
async function cover(edition: Edition): Promise<{ jpeg: Uint8Array; alt: string }> {
  const svg = readFileSync(join(process.cwd(), 'public', 'images', 'covers', `${edition.language}.svg`), 'utf8');
  const alt = /<title>([^<]*)<\/title>/.exec(svg)?.[1]?.trim();
  if (!alt) throw new Error(`The ${edition.id} cover has no <title> to describe it`);
  const { default: sharp } = await import('sharp');
  const jpeg = await sharp(Buffer.from(svg), { density: 144 })
    .resize({ width: 1000 })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  const unescaped = alt.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
  return { jpeg: new Uint8Array(jpeg), alt: unescaped };
}

/**
 * An edition's EPUB 3, from the same manuscript and labels as its PDF, with a page list
 * following the PDF's pages (`pageStarts`, recorded when the PDF was typeset).
 */
export async function buildEpub(edition: Edition, pageStarts: PageStart[]): Promise<Uint8Array> {
  const lang = edition.language;
  const language = { lang, dir: directionOfLanguage(lang) };
  const book = loadManuscript(lang);
  const labels = bookLabels(lang);
  const { jpeg, alt } = await cover(edition);
  const front: FrontMatter = {
    language,
    title: book.title,
    subtitle: book.subtitle,
    brand: site.brand,
    edition: labels.edition,
    coverAlt: alt,
  };
  const trackerFile = 'tracker.xhtml';
  const chapters = chaptersOf(blocksOf(book, labels, site.supportEmail), pageStarts, FIXED_PAGES, BOOK_PAGES);
  const pageFiles = new Map<number, string>([
    [1, 'title.xhtml'],
    [2, 'nav.xhtml'],
    [BOOK_PAGES, trackerFile],
  ]);
  for (const chapter of chapters)
    for (const match of chapter.body.matchAll(/id="page-(\d+)"/g)) pageFiles.set(Number(match[1]), chapter.file);
  const pages = [...pageFiles].map(([page, file]) => ({ page, file })).sort((a, b) => a.page - b.page);
  if (pages.length !== BOOK_PAGES)
    throw new Error(`The ${edition.id} EPUB marks ${pages.length} of ${BOOK_PAGES} pages`);

  const faces = epubFaces(lang);
  const files: { path: string; content: string | Uint8Array; type: string; id: string; properties?: string }[] = [
    { path: 'cover.xhtml', content: coverPage(front), type: 'application/xhtml+xml', id: 'cover' },
    {
      path: TITLE_PAGE_PATH.replace('EPUB/', ''),
      content: titlePage(front),
      type: 'application/xhtml+xml',
      id: 'titlepage',
    },
    {
      path: 'nav.xhtml',
      content: navigationDocument(front, {
        contents: labels.contents,
        pageLabel: labels.page,
        chapters,
        tracker: { file: trackerFile, title: labels.tracker },
        pages,
        landmarks: { titlePage: 'title.xhtml', bodyStart: `${chapters[0]!.file}#title` },
      }),
      type: 'application/xhtml+xml',
      id: 'nav',
      properties: 'nav',
    },
    ...chapters.map((chapter, i) => ({
      path: chapter.file,
      content: xhtmlDocument(
        language,
        chapter.title,
        `<section epub:type="${chapter.kind}" role="doc-${chapter.kind}" aria-labelledby="title">\n${chapter.body}\n</section>`,
        'bodymatter',
      ),
      type: 'application/xhtml+xml',
      id: `chapter-${i + 1}`,
    })),
    {
      path: trackerFile,
      content: trackerPage(front, {
        title: labels.tracker,
        intro: labels.trackerIntro,
        days: book.challenge.days.map((d) => ({ label: numbered(labels.day, d.day), title: d.title })),
        page: BOOK_PAGES,
      }),
      type: 'application/xhtml+xml',
      id: 'tracker',
    },
    { path: 'book.css', content: epubStyle({ family: faces.family, files: faces.fonts }), type: 'text/css', id: 'css' },
    { path: 'cover.jpg', content: jpeg, type: 'image/jpeg', id: 'cover-image', properties: 'cover-image' },
    ...faces.fonts.map((font, i) => ({
      path: `fonts/${font.file}`,
      content: font.bytes,
      type: 'font/woff2',
      id: `font-${i + 1}`,
    })),
  ];
  const opf = packageDocument({
    identifier: editionUuid(edition, 'epub'),
    pageSource: editionUuid(edition, 'pdf'),
    lang,
    dir: language.dir,
    title: book.title,
    subtitle: book.subtitle,
    creator: site.brand,
    modified: MODIFIED,
    items: files.map(({ id, path, type, properties }) => ({ id, href: path, type, properties })),
    spine: files.filter((f) => f.type === 'application/xhtml+xml').map((f) => f.id),
  });
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="${PACKAGE_PATH}" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`;
  // The mimetype first and stored, as OCF requires; images and fonts stored (already compressed).
  return writeZip([
    zipEntry('mimetype', 'application/epub+zip', true),
    zipEntry('META-INF/container.xml', container),
    zipEntry(PACKAGE_PATH, opf),
    ...files.map((file) => zipEntry(`EPUB/${file.path}`, file.content, typeof file.content !== 'string')),
  ]);
}
