import type { BookBlock } from '../layout';
import type { PageStart } from '../paginate';
import { escapeXml, pageBreak } from './xhtml';

/**
 * The body's blocks (layout.ts, the same the PDF is poured from) as reflowable chapters, one
 * file each: h1 per chapter, h2 per section, h3 and an ordered list per exercise, a list of days.
 * A page-break marker stands where each page of the PDF begins, in the same block, at the same
 * character of a paragraph split across pages, or before the same step of an exercise.
 */
export type Chapter = {
  file: string;
  title: string;
  tocTitle: string;
  sections: { id: string; title: string }[];
  /** Where the chapter is in the book: epub:type and its DPUB-ARIA role. */
  kind: 'introduction' | 'chapter' | 'conclusion';
  body: string;
};

type Break = { page: number; at: PageStart };

function paragraph(text: string, className: string, breaks: Break[]): string {
  let html = '';
  let from = 0;
  for (const { page, at } of [...breaks].sort((a, b) => (a.at.offset ?? 0) - (b.at.offset ?? 0))) {
    const offset = at.offset ?? 0;
    html += escapeXml(text.slice(from, offset)) + pageBreak(page);
    from = offset;
  }
  html += escapeXml(text.slice(from));
  const cls = className ? ` class="${className}"` : '';
  return `<p${cls}>${html}</p>`;
}

function exercise(block: Extract<BookBlock, { kind: 'exercise' }>, id: string, breaks: Break[]): string {
  const before = breaks.filter((b) => !b.at.step).map((b) => pageBreak(b.page));
  const steps = block.steps.map((step, i) => {
    const marks = breaks.filter((b) => b.at.step === i).map((b) => pageBreak(b.page));
    return `<li>${marks.join('')}${escapeXml(step)}</li>`;
  });
  return `${before.join('')}<section class="exercise" aria-labelledby="${id}"><h3 id="${id}">${escapeXml(block.title)}</h3><ol>${steps.join('')}</ol></section>`;
}

/**
 * The chapters, with every page of the PDF's body (`pageStarts[i]` begins page `firstPage + i`)
 * marked; pages after the body (ruled notes pages in the PDF) are marked at the end of the last.
 */
export function chaptersOf(
  blocks: BookBlock[],
  pageStarts: PageStart[],
  firstPage: number,
  endPage: number,
): Chapter[] {
  const breaksAt = new Map<number, Break[]>();
  pageStarts.forEach((at, i) =>
    breaksAt.set(at.block, [...(breaksAt.get(at.block) ?? []), { page: firstPage + i, at }]),
  );
  const chapters: Chapter[] = [];
  let html: string[] = [];
  let days: string[] = [];
  const flushDays = () => {
    if (days.length) html.push(`<ol class="days">${days.join('')}</ol>`);
    days = [];
  };
  const close = () => {
    flushDays();
    const chapter = chapters.at(-1);
    if (chapter) chapter.body = html.join('\n');
    html = [];
  };
  const chapterStarts = blocks.filter((b) => b.kind === 'chapterStart').length;
  blocks.forEach((block, index) => {
    const breaks = breaksAt.get(index) ?? [];
    if (block.kind !== 'day') flushDays();
    if (block.kind === 'chapterStart') {
      close();
      const n = chapters.length;
      chapters.push({
        file: `chapter-${String(n + 1).padStart(2, '0')}.xhtml`,
        title: block.title,
        tocTitle: block.tocTitle,
        sections: [],
        kind: n === 0 ? 'introduction' : n === chapterStarts - 1 ? 'conclusion' : 'chapter',
        body: '',
      });
      html.push(...breaks.map((b) => pageBreak(b.page)));
      if (block.eyebrow) html.push(`<p class="eyebrow">${escapeXml(block.eyebrow)}</p>`);
      html.push(`<h1 id="title">${escapeXml(block.title)}</h1><hr/>`);
      return;
    }
    const chapter = chapters.at(-1)!;
    if (block.kind === 'paragraph') html.push(paragraph(block.text, block.italic ? 'lead' : '', breaks));
    else if (block.kind === 'heading') {
      const id = `s${chapter.sections.length + 1}`;
      chapter.sections.push({ id, title: block.text });
      html.push(...breaks.map((b) => pageBreak(b.page)), `<h2 id="${id}">${escapeXml(block.text)}</h2>`);
    } else if (block.kind === 'exercise') html.push(exercise(block, `x${index}`, breaks));
    else
      days.push(
        `<li>${breaks.map((b) => pageBreak(b.page)).join('')}<p class="day-label">${escapeXml(block.label)}</p><p class="day-title">${escapeXml(block.title)}</p><p class="day-task">${escapeXml(block.task)}</p></li>`,
      );
  });
  for (let page = firstPage + pageStarts.length; page < endPage; page += 1) html.push(pageBreak(page));
  close();
  return chapters;
}
