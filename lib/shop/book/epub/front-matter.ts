import type { Chapter } from './chapters';
import { escapeXml, pageBreak, xhtmlDocument, type Language } from './xhtml';

/** The cover, title page, navigation document and tracker: the files around the chapters. */
export type FrontMatter = {
  language: Language;
  title: string;
  subtitle: string;
  brand: string;
  edition: string;
  coverAlt: string;
};

export const coverPage = (book: FrontMatter) =>
  xhtmlDocument(
    book.language,
    book.title,
    `<section class="cover" epub:type="cover"><img src="cover.jpg" role="doc-cover" alt="${escapeXml(book.coverAlt)}"/></section>`,
  );

/** Where a buyer's licence line goes on the title page (stamp.ts puts it there). */
export const LICENCE_SLOT = '<!-- licence -->';

// Page 1 of the PDF is its cover, which carries the title: its marker stands on the title page.
export const titlePage = (book: FrontMatter) =>
  xhtmlDocument(
    book.language,
    book.title,
    `<section class="titlepage" epub:type="titlepage" aria-labelledby="book-title">${pageBreak(1)}
<h1 id="book-title">${escapeXml(book.title)}</h1>
<p class="title-subtitle">${escapeXml(book.subtitle)}</p>
<p class="title-brand">${escapeXml(book.brand)}</p>
<p class="title-edition">${escapeXml(book.edition)}</p>
${LICENCE_SLOT}
</section>`,
  );

export type Navigation = {
  contents: string;
  /** "Page" in the edition's language: the page list's name. */
  pageLabel: string;
  chapters: Chapter[];
  tracker: { file: string; title: string };
  pages: { page: number; file: string }[];
  landmarks: { titlePage: string; bodyStart: string };
};

/** The table of contents (page 2 of the PDF, whose marker it carries), the page list and the landmarks. */
export function navigationDocument(book: FrontMatter, nav: Navigation): string {
  const entry = (href: string, text: string, inner = '') => `<li><a href="${href}">${escapeXml(text)}</a>${inner}</li>`;
  const toc = nav.chapters.map((chapter) =>
    entry(
      `${chapter.file}#title`,
      chapter.tocTitle,
      chapter.sections.length
        ? `<ol>${chapter.sections.map((s) => entry(`${chapter.file}#${s.id}`, s.title)).join('')}</ol>`
        : '',
    ),
  );
  toc.push(entry(nav.tracker.file, nav.tracker.title));
  const pages = nav.pages.map(({ page, file }) => entry(`${file}#page-${page}`, String(page)));
  return xhtmlDocument(
    book.language,
    nav.contents,
    `${pageBreak(2)}
<nav epub:type="toc" role="doc-toc" id="toc" aria-labelledby="toc-title">
<h1 id="toc-title">${escapeXml(nav.contents)}</h1>
<ol>${toc.join('\n')}</ol>
</nav>
<nav epub:type="page-list" role="doc-pagelist" hidden="hidden" aria-label="${escapeXml(nav.pageLabel)}">
<ol>${pages.join('')}</ol>
</nav>
<nav epub:type="landmarks" hidden="hidden" aria-label="${escapeXml(nav.contents)}">
<ol>
<li><a epub:type="cover" href="cover.xhtml">${escapeXml(book.coverAlt)}</a></li>
<li><a epub:type="titlepage" href="${nav.landmarks.titlePage}">${escapeXml(book.title)}</a></li>
<li><a epub:type="toc" href="#toc">${escapeXml(nav.contents)}</a></li>
<li><a epub:type="bodymatter" href="${nav.landmarks.bodyStart}">${escapeXml(nav.chapters[0]?.title ?? book.title)}</a></li>
</ol>
</nav>`,
  );
}

export type Tracker = { title: string; intro: string; days: { label: string; title: string }[]; page: number };

export const trackerPage = (book: FrontMatter, tracker: Tracker) =>
  xhtmlDocument(
    book.language,
    tracker.title,
    `<section epub:type="appendix" role="doc-appendix" aria-labelledby="title">${pageBreak(tracker.page)}
<h1 id="title">${escapeXml(tracker.title)}</h1>
<p class="lead">${escapeXml(tracker.intro)}</p>
<ol class="days tracker-days">${tracker.days.map((d) => `<li><p class="day-label">${escapeXml(d.label)}</p><p class="day-title">${escapeXml(d.title)}</p></li>`).join('')}</ol>
</section>`,
  );
