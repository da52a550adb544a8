import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { site } from '@/lib/site';
import { directionOfLanguage } from '@/lib/i18n/locales';
import type { Edition } from '../../catalogue';
import { bookFonts } from '../fonts';
import { bookHtml } from '../html';
import { BOOK_PAGES, FIXED_PAGES, blocksOf } from '../layout';
import { paginate, type PageStart, type PaginateInput, type PaginateResult } from '../paginate';
import { chromiumExecutable } from '../chromium';
import { retitleOutline } from '../outline';
import { sampleContent } from './content';

/**
 * An edition's sample PDF, typeset in Chromium by the book's own typesetting (html.ts, paginate.ts,
 * the same fonts): the cover, the contents, the introduction and chapter 1 on the book's very pages
 * (the body size is found as the book's is, and the pages must begin where the book's do), then a
 * last page saying where the full book is sold. A mark on every page, and in the title, says it is
 * a sample. No buyer's data: a sample is built once, for everyone.
 */
// As typesetter.ts (its own copy: that file is an input of every book, and the books stay as they are).
const BODY_PAGES = BOOK_PAGES - FIXED_PAGES;
const STYLE: Record<string, { leading: number; min: number; max: number }> = {
  latin: { leading: 1.5, min: 9.5, max: 13 },
  ar: { leading: 1.8, min: 9.5, max: 13.5 },
  bn: { leading: 1.75, min: 9.5, max: 13.5 },
  th: { leading: 1.8, min: 9.5, max: 13.5 },
  cjk: { leading: 1.75, min: 9.5, max: 14 },
};
const styleOf = (lang: string) => STYLE[['ja', 'ko', 'zh-CN'].includes(lang) ? 'cjk' : lang] ?? STYLE.latin!;

const SAMPLE_CSS = `
.sample-mark { position: absolute; top: 26pt; inset-inline: 0; text-align: center; font: 700 9pt var(--mark-font); color: var(--rose) }
.cover .sample-mark { top: 36pt; color: var(--gold); font-size: 12pt }
.sample-end .more { margin-top: 18pt; font-weight: 700 }
.sample-end ul { margin: 6pt 0 18pt; padding-inline-start: 1.2em }
.sample-end li { margin-bottom: 4pt }
.sample-end .buy { font-size: 13pt; line-height: 1.5 }
.sample-end .url { unicode-bidi: isolate; direction: ltr; white-space: nowrap }
`;

type TypesetSample = { pdf: Uint8Array; pages: number };

export async function typesetSample(edition: Edition, bookPageStarts: PageStart[]): Promise<TypesetSample> {
  const content = sampleContent(edition, bookPageStarts);
  const { book, labels } = content;
  const lang = edition.language;
  const fonts = bookFonts(lang);
  const dir = await mkdtemp(join(tmpdir(), 'amora-sample-'));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: await chromiumExecutable(),
    args: ['--font-render-hinting=none'],
  });
  try {
    const file = join(dir, 'sample.html');
    const html = bookHtml({ book, labels, lang, dir: directionOfLanguage(lang), fonts, brand: site.brand });
    await writeFile(
      file,
      html.replace('</style>', () => `:root { --mark-font: ${fonts.sans} }${SAMPLE_CSS}</style>`),
    );
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href);
    const style = styleOf(lang);
    const layout = (blocks: PaginateInput['blocks'], size: number): Promise<PaginateResult> =>
      page.evaluate(paginate, { blocks, size, leading: style.leading, lang, firstPage: FIXED_PAGES });

    // The book's body size, found as typesetter.ts finds it: the largest whose whole body fits its pages.
    const whole = blocksOf(book, labels, site.supportEmail);
    await layout(whole, style.max);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    let lo = Math.round(style.min * 20);
    let hi = Math.round(style.max * 20);
    if ((await layout(whole, hi / 20)).pages <= BODY_PAGES) lo = hi;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((await layout(whole, mid / 20)).pages <= BODY_PAGES) lo = mid;
      else hi = mid;
    }
    const full = await layout(whole, lo / 20);
    const sample = await layout(content.blocks, lo / 20);
    // The sample's pages are the book's: its EPUB's page list and the contents' numbers depend on it.
    const same = (a: PageStart[], b: PageStart[]) => JSON.stringify(a) === JSON.stringify(b);
    if (!same(full.pageStarts, bookPageStarts) || !same(sample.pageStarts, content.pageStarts))
      throw new Error(
        `The ${edition.id} sample's pages do not begin where the book's do: run \`npm run books -- ${edition.id}\``,
      );

    await page.evaluate(finishSample, {
      contents: [...full.starts, { title: labels.tracker, page: BOOK_PAGES }],
      mark: content.sample.mark,
      end: content.sample.end,
      note: content.sample.note,
      more: content.sample.more,
      later: content.later,
      buy: content.buy,
      url: content.url,
    });
    const pdf = await PDFDocument.load(
      await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: true, outline: true }),
    );
    const headings = await page.evaluate(() =>
      [...document.querySelectorAll('h1, h2')].map((h) => ({
        level: Number(h.tagName.slice(1)),
        text: h.textContent ?? '',
      })),
    );
    retitleOutline(pdf, headings);
    const pages = FIXED_PAGES - 1 + sample.pages + 1;
    if (pdf.getPageCount() !== pages)
      throw new Error(`The ${edition.id} sample came out at ${pdf.getPageCount()} pages, not ${pages}`);
    pdf.setTitle(content.title, { showInWindowTitleBar: true });
    pdf.setSubject(`${content.sample.note} ${book.subtitle}`);
    pdf.setKeywords([content.sample.mark]);
    pdf.setAuthor(site.brand);
    pdf.setLanguage(lang);
    pdf.setProducer(`${site.brand} (Chromium)`);
    pdf.setCreationDate(new Date(Date.UTC(2025, 6, 15)));
    pdf.setModificationDate(new Date(Date.UTC(2025, 6, 15)));
    return { pdf: await pdf.save(), pages };
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

type FinishInput = {
  contents: { title: string; page: number }[];
  mark: string;
  end: string;
  note: string;
  more: string;
  later: string[];
  buy: string;
  url: string;
};

/**
 * Runs in the page once the sample's body is laid out: the book's own contents (every chapter, at
 * its page in the full book), no notes pages or tracker, a last page on where to buy the full book,
 * and the mark at the head of every page.
 */
function finishSample({ contents, mark, end, note, more, later, buy, url }: FinishInput) {
  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const toc = document.querySelector('.toc')!;
  for (const entry of contents) {
    const li = el('li', '');
    li.append(el('span', 'title', entry.title), el('span', 'number', String(entry.page)));
    toc.append(li);
  }
  document.getElementById('notes')!.remove();
  document.querySelector('.tracker')!.remove();

  const last = el('section', 'page sample-end');
  const body = el('div', 'body');
  const start = el('div', 'chapter-start');
  start.append(el('h1', '', end), el('hr', 'rule'));
  const list = el('ul', '');
  for (const title of later) list.append(el('li', '', title));
  // The sentence with its URL as a link; the URL isolated, so it reads left to right in Arabic, and
  // whole on one line: broken at a hyphen, it would be copied (and read) without it.
  const buyLine = el('p', 'buy');
  const [before, after = ''] = buy.split(url);
  const link = el('a', 'url', url) as HTMLAnchorElement;
  link.href = url;
  buyLine.append(before ?? '', link, after);
  body.append(start, el('p', 'lead', note), el('p', 'more', more), list, buyLine);
  last.append(body);
  document.body.append(last);

  for (const page of document.querySelectorAll('.page')) {
    const label = el('p', 'sample-mark', mark);
    label.setAttribute('aria-hidden', 'true');
    page.append(label);
  }
}
