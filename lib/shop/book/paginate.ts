import type { BookBlock } from './layout';

export type PaginateInput = { blocks: BookBlock[]; size: number; leading: number; lang: string; firstPage: number };
/**
 * Where a body page begins in the blocks (layout.ts's blocksOf): block `block`, at character
 * `offset` of a paragraph split across pages, or at step `step` (from 0) of a split exercise.
 */
export type PageStart = { block: number; offset?: number; step?: number };
export type PaginateResult = { pages: number; starts: { title: string; page: number }[]; pageStarts: PageStart[] };

/**
 * Runs inside the typesetting browser (typesetter.ts passes it to `page.evaluate`, so it
 * uses nothing from outside its own body). Pours the blocks into fixed A4 page boxes inside
 * #flow: paragraphs split between pages at word boundaries (Intl.Segmenter, so Thai and CJK
 * split where a word ends), headings stay with what follows, days stay whole, exercises split
 * between steps. The browser does the shaping, bidi and line breaking; this only decides pages.
 */
export function paginate(input: PaginateInput): PaginateResult {
  const { blocks, size, leading, lang, firstPage } = input;
  const root = document.documentElement;
  root.style.setProperty('--size', `${size}pt`);
  root.style.setProperty('--leading', String(leading));
  const flow = document.getElementById('flow')!;
  flow.replaceChildren();
  const words = new Intl.Segmenter(lang, { granularity: 'word' });
  const starts: { title: string; page: number }[] = [];
  // Which block each new page begins with, for the EPUB's page list; set before any page is added.
  const pageStarts: PageStart[] = [];
  let at: PageStart = { block: 0 };
  let body!: HTMLElement;
  let pages = 0;

  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const newPage = () => {
    const page = el('section', 'page body-page');
    body = el('div', 'body');
    page.append(body, el('footer', 'folio', String(firstPage + pages)));
    flow.append(page);
    pages += 1;
    pageStarts.push(at);
  };
  const bottom = () => body.getBoundingClientRect().bottom;
  const fits = (node: Element) => node.getBoundingClientRect().bottom <= bottom() + 0.5;
  const lineHeight = (node: Element) => parseFloat(getComputedStyle(node).lineHeight);
  const moveToNewPage = (node: HTMLElement) => {
    node.remove();
    newPage();
    body.append(node);
  };

  const placeParagraph = (index: number, text: string, className: string) => {
    let rest = text;
    let cls = className;
    for (let guard = 0; guard < 100 && rest; guard += 1) {
      const p = el('p', cls, rest);
      body.append(p);
      if (fits(p)) return;
      const ends = [...words.segment(rest)].map((s) => s.index + s.segment.length);
      let lo = -1;
      let hi = ends.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        p.textContent = rest.slice(0, ends[mid]).trimEnd();
        if (fits(p)) lo = mid;
        else hi = mid;
      }
      const firstOnPage = body.firstElementChild === p;
      p.textContent = lo >= 0 ? rest.slice(0, ends[lo]).trimEnd() : '';
      // Fewer than two lines left at the foot of a page: the paragraph starts on the next one.
      if (lo < 0 || (!firstOnPage && p.getBoundingClientRect().height < 1.9 * lineHeight(p))) {
        p.remove();
        at = rest === text ? { block: index } : { block: index, offset: text.length - rest.length };
        newPage();
        continue;
      }
      rest = rest.slice(ends[lo]).trimStart();
      cls = `${className} cont`;
      at = { block: index, offset: text.length - rest.length };
      newPage();
    }
  };

  for (const [index, block] of blocks.entries()) {
    at = { block: index };
    if (block.kind === 'chapterStart') {
      newPage();
      starts.push({ title: block.tocTitle, page: firstPage + pages - 1 });
      const start = el('div', 'chapter-start');
      if (block.eyebrow) start.append(el('p', 'eyebrow', block.eyebrow));
      start.append(el('h1', '', block.title), el('hr', 'rule'));
      body.append(start);
      continue;
    }
    if (!body) newPage();
    if (block.kind === 'paragraph') {
      placeParagraph(index, block.text, block.italic ? 'lead' : '');
    } else if (block.kind === 'heading') {
      const h = el('h2', '', block.text);
      body.append(h);
      // A heading keeps at least three lines of what follows with it.
      if (!fits(h) || bottom() - h.getBoundingClientRect().bottom < 3 * size * leading * (4 / 3)) moveToNewPage(h);
    } else if (block.kind === 'day') {
      const day = el('div', 'day');
      const text = el('div', 'day-text');
      text.append(el('p', 'day-title', block.title), el('p', 'day-task', block.task));
      day.append(el('p', 'day-label', block.label), text);
      body.append(day);
      if (!fits(day)) moveToNewPage(day);
    } else {
      const box = el('div', 'exercise');
      const list = el('ol', '');
      box.append(el('p', 'exercise-title', block.title), list);
      block.steps.forEach((step) => list.append(el('li', '', step)));
      body.append(box);
      if (fits(box)) continue;
      const moved: Element[] = [];
      while (!fits(box) && list.children.length > 1) {
        const last = list.lastElementChild!;
        last.remove();
        moved.unshift(last);
      }
      if (!fits(box)) {
        moved.forEach((item) => list.append(item));
        moveToNewPage(box);
        continue;
      }
      const next = el('div', 'exercise cont');
      const rest = el('ol', '');
      rest.setAttribute('start', String(block.steps.length - moved.length + 1));
      moved.forEach((item) => rest.append(item));
      next.append(rest);
      at = { block: index, step: block.steps.length - moved.length };
      newPage();
      body.append(next);
    }
  }
  return { pages, starts, pageStarts };
}
