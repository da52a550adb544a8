import { createHash } from 'node:crypto';
import { site } from '@/lib/site';
import { directionOfLanguage } from '@/lib/i18n/locales';
import type { Edition } from '../../catalogue';
import { FIXED_PAGES } from '../layout';
import type { PageStart } from '../paginate';
import { chaptersOf } from '../epub/chapters';
import { epubFaces } from '../epub/fonts';
import { LICENCE_SLOT, navigationDocument, titlePage, type FrontMatter } from '../epub/front-matter';
import { packageDocument } from '../epub/package-document';
import { epubStyle } from '../epub/style';
import { entryBytes, readZip, writeZip, zipEntry } from '../epub/zip';
import { PACKAGE_PATH, TITLE_PAGE_PATH } from '../epub/paths';
import { escapeXml, xhtmlDocument } from '../epub/xhtml';
import { sampleContent } from './content';

/**
 * An edition's sample EPUB 3: the book's cover (taken from its committed EPUB, so it is the same
 * picture and text alternative), its title page, the introduction and chapter 1 from the same
 * manuscript, with the book's page markers for those pages, and a last file on where to buy the
 * full book. The title page and every chapter's start say it is a sample, as does its dc:title.
 * Accessibility metadata as the book's (package-document.ts). No buyer's data.
 */
const MODIFIED = '2025-07-15T00:00:00Z';
const END_FILE = 'end.xhtml';

/** A stable urn:uuid, made as epub/build.ts makes the book's (the page list's source is the book's PDF). */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const SAMPLE_STYLE = `
.sample-note { margin: 1em 0 1.4em; padding: 0.5em 0.8em; border: 0.1em solid #b0234f; border-radius: 0.3em; font-size: 0.9em }
.titlepage .sample-note { margin-top: 3em }
.buy a { overflow-wrap: anywhere }
`;

export function buildSampleEpub(edition: Edition, bookPageStarts: PageStart[], bookEpub: Uint8Array): Uint8Array {
  const lang = edition.language;
  const language = { lang, dir: directionOfLanguage(lang) };
  const content = sampleContent(edition, bookPageStarts);
  const { book, labels, sample } = content;
  const entries = readZip(bookEpub);
  const entry = (name: string) => {
    const found = entries.find((e) => e.name === name);
    if (!found) throw new Error(`The ${edition.id} EPUB has no ${name}`);
    return entryBytes(found);
  };
  const coverXhtml = new TextDecoder().decode(entry('EPUB/cover.xhtml'));
  const coverAlt = /alt="([^"]*)"/.exec(coverXhtml)?.[1];
  if (coverAlt === undefined) throw new Error(`The ${edition.id} EPUB's cover has no text alternative`);
  const front: FrontMatter = {
    language,
    title: book.title,
    subtitle: book.subtitle,
    brand: site.brand,
    edition: labels.edition,
    // Already escaped in the book's cover.xhtml: the landmarks escape it again, so it is read back plain.
    coverAlt: coverAlt.replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
    ),
  };
  const note = `<p class="sample-note">${escapeXml(sample.note)}</p>`;

  const lastPage = FIXED_PAGES + content.pageStarts.length;
  const chapters = chaptersOf(content.blocks, content.pageStarts, FIXED_PAGES, lastPage);
  for (const [i, chapter] of chapters.entries()) {
    // chaptersOf takes the last chapter for the book's closing words: here every one is the book's own.
    chapter.kind = i === 0 ? 'introduction' : 'chapter';
    chapter.body = chapter.body.replace('<hr/>', () => `<hr/>\n${note}`);
  }
  const pageFiles = new Map<number, string>([
    [1, 'title.xhtml'],
    [2, 'nav.xhtml'],
  ]);
  for (const chapter of chapters)
    for (const match of chapter.body.matchAll(/id="page-(\d+)"/g)) pageFiles.set(Number(match[1]), chapter.file);
  const pages = [...pageFiles].map(([page, file]) => ({ page, file })).sort((a, b) => a.page - b.page);
  if (pages.length !== lastPage - 1)
    throw new Error(`The ${edition.id} sample EPUB marks ${pages.length} of ${lastPage - 1} pages`);

  const later = content.later.map((title) => `<li>${escapeXml(title)}</li>`).join('');
  const url = escapeXml(content.url);
  const buy = escapeXml(content.buy).replace(url, () => `<a href="${url}">${url}</a>`);
  const end = `<section aria-labelledby="title">
<h1 id="title">${escapeXml(sample.end)}</h1><hr/>
${note}
<p>${escapeXml(sample.more)}</p>
<ul>${later}</ul>
<p class="buy">${buy}</p>
</section>`;

  const faces = epubFaces(lang);
  const xhtml = 'application/xhtml+xml';
  const files: { path: string; content: string | Uint8Array; type: string; id: string; properties?: string }[] = [
    { path: 'cover.xhtml', content: coverXhtml, type: xhtml, id: 'cover' },
    {
      path: TITLE_PAGE_PATH.replace('EPUB/', ''),
      content: titlePage(front).replace(LICENCE_SLOT, () => note),
      type: xhtml,
      id: 'titlepage',
    },
    {
      path: 'nav.xhtml',
      content: navigationDocument(front, {
        contents: labels.contents,
        pageLabel: labels.page,
        chapters,
        // The last entry of the contents: the book's is its tracker, the sample's its end.
        tracker: { file: END_FILE, title: sample.end },
        pages,
        landmarks: { titlePage: 'title.xhtml', bodyStart: `${chapters[0]!.file}#title` },
      }),
      type: xhtml,
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
      type: xhtml,
      id: `chapter-${i + 1}`,
    })),
    { path: END_FILE, content: xhtmlDocument(language, sample.end, end, 'backmatter'), type: xhtml, id: 'end' },
    {
      path: 'book.css',
      content: epubStyle({ family: faces.family, files: faces.fonts }) + SAMPLE_STYLE,
      type: 'text/css',
      id: 'css',
    },
    {
      path: 'cover.jpg',
      content: entry('EPUB/cover.jpg'),
      type: 'image/jpeg',
      id: 'cover-image',
      properties: 'cover-image',
    },
    ...faces.fonts.map((font, i) => ({
      path: `fonts/${font.file}`,
      content: font.bytes,
      type: 'font/woff2',
      id: `font-${i + 1}`,
    })),
  ];
  const opf = packageDocument({
    identifier: uuidOf(`the-love-blueprint:${edition.id}:sample-epub`),
    pageSource: uuidOf(`the-love-blueprint:${edition.id}:pdf`),
    lang,
    dir: language.dir,
    title: content.title,
    subtitle: `${sample.note} ${book.subtitle}`,
    creator: site.brand,
    modified: MODIFIED,
    items: files.map(({ id, path, type, properties }) => ({ id, href: path, type, properties })),
    spine: files.filter((f) => f.type === xhtml).map((f) => f.id),
  });
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="${PACKAGE_PATH}" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`;
  return writeZip([
    zipEntry('mimetype', 'application/epub+zip', true),
    zipEntry('META-INF/container.xml', container),
    zipEntry(PACKAGE_PATH, opf),
    ...files.map((file) => zipEntry(`EPUB/${file.path}`, file.content, typeof file.content !== 'string')),
  ]);
}
