import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Manuscript } from './manuscript';
import { toWinAnsi } from './pdf-text';
import { prepareStamp } from './stamp';

/**
 * Typesets the manuscript into the printable book: a cover, a table of contents, the
 * introduction, chapters 1–9, the 30-day challenge (chapter 10), the closing words and a
 * printable 30-day tracker. The marketing copy promises 43 pages, so the body size is
 * chosen (deterministically) so that the book comes out at exactly that length.
 */
export const BOOK_PAGES = 43;

/** Part of every typeset book's file name: raise it when a change here changes the pages. */
export const TYPESETTING_VERSION = 1;

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = { top: 72, bottom: 80, side: 68 };
const COLORS = {
  plum: rgb(0.169, 0.098, 0.2),
  rose: rgb(0.69, 0.137, 0.31),
  ink: rgb(0.122, 0.102, 0.141),
  soft: rgb(0.3, 0.267, 0.337),
  line: rgb(0.918, 0.875, 0.89),
  cream: rgb(1, 0.973, 0.961),
  gold: rgb(0.949, 0.722, 0.294),
};

type Fonts = { serif: PDFFont; serifBold: PDFFont; sans: PDFFont; sansBold: PDFFont; italic: PDFFont };

/** The book's furniture in its language; `chapter` and `day` are templates with `{n}` where the number goes. */
export type BookLabels = { contents: string; introduction: string; chapter: string; closing: string; tracker: string; trackerIntro: string; day: string; page: string };
const numbered = (template: string, n: number) => template.replace('{n}', String(n));

type Block =
  | { kind: 'chapterStart'; eyebrow: string; title: string; tocTitle: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; italic?: boolean }
  | { kind: 'exercise'; title: string; steps: string[] }
  | { kind: 'day'; day: number; title: string; task: string; label: string };

// Standard fonts have no kerning in pdf-lib, so a line's width is the sum of its words' widths:
// measuring each word once (at size 1) makes trying dozens of layouts cheap.
const widthCache = new WeakMap<PDFFont, Map<string, number>>();
function unitWidth(font: PDFFont, text: string): number {
  let cache = widthCache.get(font);
  if (!cache) widthCache.set(font, (cache = new Map()));
  let width = cache.get(text);
  if (width === undefined) cache.set(text, (width = font.widthOfTextAtSize(text, 1)));
  return width;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = toWinAnsi(text).split(/\s+/).filter(Boolean);
  const space = unitWidth(font, ' ') * size;
  const lines: string[] = [];
  let line: string[] = [];
  let lineWidth = 0;
  for (const word of words) {
    const wordWidth = unitWidth(font, word) * size;
    if (line.length && lineWidth + space + wordWidth > width) {
      lines.push(line.join(' '));
      line = [word];
      lineWidth = wordWidth;
    } else {
      lineWidth += (line.length ? space : 0) + wordWidth;
      line.push(word);
    }
  }
  if (line.length) lines.push(line.join(' '));
  return lines;
}

function blocksOf(book: Manuscript, labels: BookLabels): Block[] {
  const blocks: Block[] = [{ kind: 'chapterStart', eyebrow: '', title: labels.introduction, tocTitle: labels.introduction }];
  blocks.push({ kind: 'paragraph', text: book.dedication, italic: true });
  for (const p of book.introduction) blocks.push({ kind: 'paragraph', text: p });
  for (const chapter of book.chapters) {
    const eyebrow = numbered(labels.chapter, chapter.number);
    blocks.push({ kind: 'chapterStart', eyebrow, title: chapter.title, tocTitle: `${chapter.number}. ${chapter.title}` });
    blocks.push({ kind: 'paragraph', text: chapter.summary, italic: true });
    for (const section of chapter.sections) {
      blocks.push({ kind: 'heading', text: section.heading });
      for (const p of section.paragraphs) blocks.push({ kind: 'paragraph', text: p });
      if (section.exercise) blocks.push({ kind: 'exercise', title: section.exercise.title, steps: section.exercise.steps });
    }
  }
  const challenge = book.challenge;
  blocks.push({ kind: 'chapterStart', eyebrow: numbered(labels.chapter, challenge.number), title: challenge.title, tocTitle: `${challenge.number}. ${challenge.title}` });
  blocks.push({ kind: 'paragraph', text: challenge.summary, italic: true });
  for (const p of challenge.introduction) blocks.push({ kind: 'paragraph', text: p });
  for (const day of challenge.days) blocks.push({ kind: 'day', day: day.day, title: day.title, task: day.task, label: labels.day });
  blocks.push({ kind: 'chapterStart', eyebrow: '', title: labels.closing, tocTitle: labels.closing });
  for (const p of book.closing) blocks.push({ kind: 'paragraph', text: p });
  blocks.push({ kind: 'paragraph', text: book.support, italic: true });
  return blocks;
}

type Layout = { size: number; leading: number };

/** Lays the body out into pages; `draw` false only counts, true paints onto `pages`. */
function flow(blocks: Block[], fonts: Fonts, layout: Layout, draw?: { doc: PDFDocument }): { pages: number; starts: { title: string; page: number }[] } {
  const width = PAGE.width - 2 * MARGIN.side;
  const lineHeight = layout.size * layout.leading;
  let pageIndex = 0;
  let y = 0;
  let page: PDFPage | undefined;
  const starts: { title: string; page: number }[] = [];

  const newPage = () => {
    pageIndex += 1;
    y = PAGE.height - MARGIN.top;
    if (draw) page = draw.doc.addPage([PAGE.width, PAGE.height]);
  };
  const ensure = (height: number) => {
    if (pageIndex === 0 || y - height < MARGIN.bottom) newPage();
  };
  const text = (value: string, x: number, font: PDFFont, size: number, color = COLORS.ink) => {
    page?.drawText(value, { x, y, font, size, color });
  };

  for (const block of blocks) {
    if (block.kind === 'chapterStart') {
      newPage();
      starts.push({ title: block.tocTitle, page: pageIndex });
      y -= 40;
      if (block.eyebrow) {
        text(toWinAnsi(block.eyebrow.toUpperCase()), MARGIN.side, fonts.sansBold, 10, COLORS.rose);
        y -= 26;
      }
      for (const line of wrap(block.title, fonts.serifBold, 26, width)) {
        text(line, MARGIN.side, fonts.serifBold, 26, COLORS.plum);
        y -= 32;
      }
      page?.drawLine({ start: { x: MARGIN.side, y: y + 8 }, end: { x: MARGIN.side + 60, y: y + 8 }, thickness: 2, color: COLORS.gold });
      y -= 22;
    } else if (block.kind === 'heading') {
      const lines = wrap(block.text, fonts.sansBold, layout.size + 3, width);
      ensure(lines.length * (layout.size + 8) + 18 + lineHeight * 2);
      y -= 10;
      for (const line of lines) {
        text(line, MARGIN.side, fonts.sansBold, layout.size + 3, COLORS.plum);
        y -= layout.size + 8;
      }
      y -= 4;
    } else if (block.kind === 'paragraph') {
      const font = block.italic ? fonts.italic : fonts.serif;
      for (const line of wrap(block.text, font, layout.size, width)) {
        ensure(lineHeight);
        text(line, MARGIN.side, font, layout.size, block.italic ? COLORS.soft : COLORS.ink);
        y -= lineHeight;
      }
      y -= layout.size * 0.6;
    } else if (block.kind === 'exercise') {
      const inner = width - 24;
      const titleLines = wrap(block.title, fonts.sansBold, layout.size, inner);
      ensure(titleLines.length * lineHeight + lineHeight * 2);
      y -= 4;
      for (const line of titleLines) {
        page?.drawRectangle({ x: MARGIN.side, y: y - 4, width: 3, height: lineHeight, color: COLORS.rose });
        text(line, MARGIN.side + 16, fonts.sansBold, layout.size, COLORS.rose);
        y -= lineHeight;
      }
      block.steps.forEach((step, index) => {
        wrap(`${index + 1}. ${step}`, fonts.serif, layout.size, inner).forEach((line) => {
          ensure(lineHeight);
          page?.drawRectangle({ x: MARGIN.side, y: y - 4, width: 3, height: lineHeight, color: COLORS.rose });
          text(line, MARGIN.side + 16, fonts.serif, layout.size);
          y -= lineHeight;
        });
      });
      y -= layout.size;
    } else {
      const lines = wrap(block.task, fonts.serif, layout.size, width - 70);
      ensure(lineHeight * (lines.length + 1));
      text(toWinAnsi(numbered(block.label, block.day)), MARGIN.side, fonts.sansBold, layout.size - 1, COLORS.rose);
      const titleLines = wrap(block.title, fonts.sansBold, layout.size, width - 70);
      for (const line of titleLines) {
        text(line, MARGIN.side + 70, fonts.sansBold, layout.size, COLORS.plum);
        y -= lineHeight;
      }
      for (const line of lines) {
        ensure(lineHeight);
        text(line, MARGIN.side + 70, fonts.serif, layout.size);
        y -= lineHeight;
      }
      y -= layout.size * 0.5;
    }
  }
  return { pages: pageIndex, starts };
}

/** Body sizes tried, nearest the preferred reading size first. */
const CANDIDATES: Layout[] = (() => {
  const list: Layout[] = [];
  for (const leading of [1.5, 1.45, 1.55, 1.4, 1.6]) {
    for (let step = 0; step <= 40; step += 1) {
      for (const sign of step === 0 ? [1] : [1, -1]) list.push({ size: Math.round((11.5 + sign * step * 0.05) * 100) / 100, leading });
    }
  }
  return list;
})();

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

function drawCover(page: PDFPage, fonts: Fonts, book: Manuscript, coverLines: { edition: string; brand: string }) {
  page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: COLORS.plum });
  for (let i = 1; i < 12; i += 1) {
    page.drawLine({ start: { x: (PAGE.width / 12) * i, y: 0 }, end: { x: (PAGE.width / 12) * i, y: PAGE.height }, thickness: 0.3, color: rgb(0.35, 0.25, 0.4) });
    page.drawLine({ start: { x: 0, y: (PAGE.height / 12) * i }, end: { x: PAGE.width, y: (PAGE.height / 12) * i }, thickness: 0.3, color: rgb(0.35, 0.25, 0.4) });
  }
  const cx = PAGE.width / 2;
  // A heart drawn like a technical drawing.
  page.drawSvgPath('M 0 60 C -90 0 -60 -80 0 -35 C 60 -80 90 0 0 60 Z', { x: cx, y: PAGE.height * 0.62, borderColor: COLORS.gold, borderWidth: 2.5, scale: 1.4 });
  page.drawSvgPath('M -110 -70 L 110 -70', { x: cx, y: PAGE.height * 0.62, borderColor: COLORS.gold, borderWidth: 0.8 });
  const centre = (value: string, y: number, font: PDFFont, size: number, color = COLORS.cream) => {
    const safe = toWinAnsi(value);
    page.drawText(safe, { x: cx - font.widthOfTextAtSize(safe, size) / 2, y, font, size, color });
  };
  centre(book.title, PAGE.height * 0.36, fonts.serifBold, 40);
  centre(book.subtitle, PAGE.height * 0.36 - 36, fonts.italic, 15, rgb(1, 0.83, 0.77));
  centre(coverLines.brand.toUpperCase(), 70, fonts.sansBold, 11, COLORS.gold);
  centre(coverLines.edition.toUpperCase(), 52, fonts.sans, 8);
}

function drawContents(page: PDFPage, fonts: Fonts, labels: BookLabels, starts: { title: string; page: number }[], trackerPage: number) {
  let y = PAGE.height - MARGIN.top - 40;
  page.drawText(toWinAnsi(labels.contents), { x: MARGIN.side, y, font: fonts.serifBold, size: 28, color: COLORS.plum });
  y -= 50;
  const entries = [...starts, { title: labels.tracker, page: trackerPage }];
  for (const entry of entries) {
    const title = toWinAnsi(entry.title);
    const number = String(entry.page);
    const right = PAGE.width - MARGIN.side;
    page.drawText(title, { x: MARGIN.side, y, font: fonts.serif, size: 12.5, color: COLORS.ink, maxWidth: right - MARGIN.side - 40 });
    page.drawText(number, { x: right - fonts.serif.widthOfTextAtSize(number, 12.5), y, font: fonts.serif, size: 12.5, color: COLORS.rose });
    y -= 30;
  }
}

function drawTracker(page: PDFPage, fonts: Fonts, labels: BookLabels, book: Manuscript) {
  let y = PAGE.height - MARGIN.top - 40;
  page.drawText(toWinAnsi(labels.tracker), { x: MARGIN.side, y, font: fonts.serifBold, size: 26, color: COLORS.plum });
  y -= 26;
  for (const line of wrap(labels.trackerIntro, fonts.italic, 11, PAGE.width - 2 * MARGIN.side)) {
    page.drawText(line, { x: MARGIN.side, y, font: fonts.italic, size: 11, color: COLORS.soft });
    y -= 15;
  }
  const columns = 5;
  const gap = 8;
  const cell = (PAGE.width - 2 * MARGIN.side - gap * (columns - 1)) / columns;
  const top = y - 16;
  book.challenge.days.forEach((day, index) => {
    const col = index % columns;
    const row = Math.floor(index / columns);
    const x = MARGIN.side + col * (cell + gap);
    const boxTop = top - row * (cell * 0.95 + gap);
    page.drawRectangle({ x, y: boxTop - cell * 0.95, width: cell, height: cell * 0.95, borderColor: COLORS.line, borderWidth: 1, color: rgb(1, 1, 1) });
    page.drawText(toWinAnsi(numbered(labels.day, day.day)), { x: x + 8, y: boxTop - 16, font: fonts.sansBold, size: 9, color: COLORS.rose });
    wrap(day.title, fonts.sans, 7.5, cell - 16).slice(0, 3).forEach((line, i) => {
      page.drawText(line, { x: x + 8, y: boxTop - 30 - i * 10, font: fonts.sans, size: 7.5, color: COLORS.soft });
    });
    page.drawCircle({ x: x + cell - 16, y: boxTop - cell * 0.95 + 16, size: 7, borderColor: COLORS.rose, borderWidth: 1 });
  });
}

export async function renderBook(book: Manuscript, labels: BookLabels, coverLines: { edition: string; brand: string }): Promise<Uint8Array> {
  const probe = await PDFDocument.create();
  const probeFonts = await embedFonts(probe);
  const blocks = blocksOf(book, labels);
  // cover + contents + body + tracker
  const layout = CANDIDATES.find((candidate) => 2 + flow(blocks, probeFonts, candidate).pages + 1 === BOOK_PAGES);
  if (!layout) throw new Error(`The manuscript cannot be set at exactly ${BOOK_PAGES} pages`);

  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(book.title));
  doc.setSubject(toWinAnsi(book.subtitle));
  doc.setAuthor(toWinAnsi(coverLines.brand));
  doc.setCreationDate(new Date(Date.UTC(2025, 6, 15)));
  doc.setModificationDate(new Date(Date.UTC(2025, 6, 15)));
  const fonts = await embedFonts(doc);
  drawCover(doc.addPage([PAGE.width, PAGE.height]), fonts, book, coverLines);
  const contents = doc.addPage([PAGE.width, PAGE.height]);
  const { starts } = flow(blocks, fonts, layout, { doc });
  const offset = 2; // body page 1 is the book's page 3
  const tracker = doc.addPage([PAGE.width, PAGE.height]);
  drawTracker(tracker, fonts, labels, book);
  drawContents(contents, fonts, labels, starts.map((s) => ({ ...s, page: s.page + offset })), doc.getPageCount());
  doc.getPages().forEach((page, index) => {
    if (index === 0) return;
    const number = String(index + 1);
    page.drawText(number, { x: PAGE.width / 2 - fonts.sans.widthOfTextAtSize(number, 9) / 2, y: 40, font: fonts.sans, size: 9, color: COLORS.soft });
  });
  return doc.save();
}

/** Puts the buyer's name, email and order id on every page of a copy, in whatever script the name is written. */
export async function stampBook(base: Uint8Array, stamp: { name: string; email: string; orderId: string }, template: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(base);
  const line = template.replace('{name}', stamp.name).replace('{email}', stamp.email).replace('{order}', stamp.orderId);
  const width = doc.getPage(0).getSize().width;
  const draw = await prepareStamp(doc, line, { size: 7, maxWidth: width - 80 });
  for (const page of doc.getPages()) draw(page, 40, 22);
  doc.setKeywords([toWinAnsi(`order:${stamp.orderId}`)]);
  return doc.save();
}
