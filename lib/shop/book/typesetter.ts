import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { bookFonts } from './fonts';
import { bookHtml } from './html';
import { BOOK_PAGES, FIXED_PAGES, blocksOf, type BookLabels } from './layout';
import { paginate, type PageStart, type PaginateInput } from './paginate';
import { chromiumExecutable } from './chromium';
import { retitleOutline } from './outline';
import type { Manuscript } from './manuscript';

/**
 * Typesets an edition with Chromium's own PDF output: the browser shapes every script, orders
 * right-to-left text (bidi), breaks lines by the language's rules (Thai by dictionary, CJK by
 * character) and embeds the fonts as subsets. The body size is the largest, within the
 * script's range, at which the body fills the 40 pages between the contents and the tracker;
 * an edition too short even at the largest size gets ruled notes pages before the tracker.
 */
const BODY_PAGES = BOOK_PAGES - FIXED_PAGES;
// Scripts with tall marks or stacked vowels get more leading; CJK, whose text is shorter, a larger range.
const STYLE: Record<string, { leading: number; min: number; max: number }> = {
  latin: { leading: 1.5, min: 9.5, max: 13 },
  ar: { leading: 1.8, min: 9.5, max: 13.5 },
  bn: { leading: 1.75, min: 9.5, max: 13.5 },
  th: { leading: 1.8, min: 9.5, max: 13.5 },
  cjk: { leading: 1.75, min: 9.5, max: 14 },
};
const styleOf = (lang: string) => STYLE[['ja', 'ko', 'zh-CN'].includes(lang) ? 'cjk' : lang] ?? STYLE.latin!;

export type BookOptions = { lang: string; dir: 'ltr' | 'rtl'; brand: string; supportEmail: string };
/** The PDF, and where each of its body pages begins (the EPUB's page list follows the print edition). */
export type TypesetBook = { pdf: Uint8Array; pageStarts: PageStart[] };

export async function renderBook(book: Manuscript, labels: BookLabels, options: BookOptions): Promise<TypesetBook> {
  const dir = await mkdtemp(join(tmpdir(), 'amora-book-'));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: await chromiumExecutable(),
    args: ['--font-render-hinting=none'],
  });
  try {
    const file = join(dir, 'book.html');
    await writeFile(
      file,
      bookHtml({
        book,
        labels,
        lang: options.lang,
        dir: options.dir,
        fonts: bookFonts(options.lang),
        brand: options.brand,
      }),
    );
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href);
    const blocks = blocksOf(book, labels, options.supportEmail);
    const style = styleOf(options.lang);
    const layout = (size: number) =>
      page.evaluate(paginate, {
        blocks,
        size,
        leading: style.leading,
        lang: options.lang,
        firstPage: FIXED_PAGES,
      } satisfies PaginateInput);
    // The first pass uses every character, so every font slice the book needs is loaded before measuring.
    await layout(style.max);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    // Sizes in twentieths of a point: the largest whose body fits the pages.
    let lo = Math.round(style.min * 20);
    let hi = Math.round(style.max * 20);
    if ((await layout(lo / 20)).pages > BODY_PAGES)
      throw new Error(`The ${options.lang} manuscript does not fit ${BOOK_PAGES} pages even at ${style.min} pt`);
    if ((await layout(hi / 20)).pages <= BODY_PAGES) lo = hi;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((await layout(mid / 20)).pages <= BODY_PAGES) lo = mid;
      else hi = mid;
    }
    const result = await layout(lo / 20);
    await page.evaluate(finish, {
      starts: result.starts,
      notes: BODY_PAGES - result.pages,
      notesTitle: labels.notes,
      trackerTitle: labels.tracker,
      firstNotesPage: FIXED_PAGES + result.pages,
      trackerPage: BOOK_PAGES,
    });
    // Tagged: a structure tree (headings, paragraphs, lists) that screen readers and reflow read;
    // the outline (bookmarks) is Chromium's, built from the h1 and h2 headings.
    const pdf = await PDFDocument.load(
      await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: true, outline: true }),
    );
    const headings = await page.evaluate(() =>
      // The text as set, no-break spaces (French « », before : ;) kept.
      [...document.querySelectorAll('h1, h2')].map((h) => ({
        level: Number(h.tagName.slice(1)),
        text: h.textContent ?? '',
      })),
    );
    retitleOutline(pdf, headings);
    if (pdf.getPageCount() !== BOOK_PAGES)
      throw new Error(`The ${options.lang} edition came out at ${pdf.getPageCount()} pages, not ${BOOK_PAGES}`);
    // Viewers show the title, not the file name, as PDF/UA asks of a tagged document.
    pdf.setTitle(book.title, { showInWindowTitleBar: true });
    pdf.setSubject(book.subtitle);
    pdf.setAuthor(options.brand);
    pdf.setLanguage(options.lang);
    pdf.setProducer(`${options.brand} (Chromium)`);
    pdf.setCreationDate(new Date(Date.UTC(2025, 6, 15)));
    pdf.setModificationDate(new Date(Date.UTC(2025, 6, 15)));
    return { pdf: await pdf.save(), pageStarts: result.pageStarts };
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

type FinishInput = {
  starts: { title: string; page: number }[];
  notes: number;
  notesTitle: string;
  trackerTitle: string;
  firstNotesPage: number;
  trackerPage: number;
};

/** Runs in the page: fills the contents, the notes pages and the tracker's folio once the body is laid out. */
function finish({ starts, notes, notesTitle, trackerTitle, firstNotesPage, trackerPage }: FinishInput) {
  const toc = document.querySelector('.toc')!;
  for (const entry of [...starts, { title: trackerTitle, page: trackerPage }]) {
    const li = document.createElement('li');
    const title = document.createElement('span');
    title.className = 'title';
    title.textContent = entry.title;
    const number = document.createElement('span');
    number.className = 'number';
    number.textContent = String(entry.page);
    li.append(title, number);
    toc.append(li);
  }
  const holder = document.getElementById('notes')!;
  for (let i = 0; i < notes; i += 1) {
    const page = document.createElement('section');
    page.className = 'page';
    page.innerHTML = '<div class="body"><h1></h1><div class="notes-lines"></div></div><footer class="folio"></footer>';
    page.querySelector('h1')!.textContent = notesTitle;
    page.querySelector('footer')!.textContent = String(firstNotesPage + i);
    holder.append(page);
  }
  document.querySelector('.tracker .folio')!.textContent = String(trackerPage);
}
