import type { Manuscript } from './manuscript';

/**
 * What every edition of the book is made of, whatever its script: a cover, the contents, the
 * body (introduction, chapters 1–9, the 30-day challenge as chapter 10, the closing words) and
 * a printable 30-day tracker. The marketing copy promises 43 pages, in every language.
 */
export const BOOK_PAGES = 43;
/** Pages that are not body: cover, contents, tracker. */
export const FIXED_PAGES = 3;

/** Part of every typeset book's file name: raise it when a change to the typesetting changes the pages. */
export const TYPESETTING_VERSION = 3;

/** The book's furniture in its language; `chapter` and `day` are templates with `{n}` where the number goes. */
export type BookLabels = {
  contents: string;
  introduction: string;
  chapter: string;
  closing: string;
  tracker: string;
  trackerIntro: string;
  day: string;
  page: string;
  /** The cover's edition line ("English edition"). */
  edition: string;
  /** Heading of the ruled pages for the reader's own notes, where a short edition needs them. */
  notes: string;
  /** The line printed on every page of a buyer's copy: {name}, {email} and {order} are filled in. */
  stamp: string;
};

export type BookBlock =
  | { kind: 'chapterStart'; eyebrow: string; title: string; tocTitle: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; italic?: boolean }
  | { kind: 'exercise'; title: string; steps: string[] }
  | { kind: 'day'; label: string; title: string; task: string };

export const numbered = (template: string, n: number) => template.replace('{n}', String(n));

/** The body as a flat list of blocks, in reading order; chapters start on a new page. */
export function blocksOf(book: Manuscript, labels: BookLabels, supportEmail: string): BookBlock[] {
  const blocks: BookBlock[] = [
    { kind: 'chapterStart', eyebrow: '', title: labels.introduction, tocTitle: labels.introduction },
  ];
  blocks.push({ kind: 'paragraph', text: book.dedication, italic: true });
  for (const p of book.introduction) blocks.push({ kind: 'paragraph', text: p });
  for (const chapter of book.chapters) {
    blocks.push({
      kind: 'chapterStart',
      eyebrow: numbered(labels.chapter, chapter.number),
      title: chapter.title,
      tocTitle: `${chapter.number}. ${chapter.title}`,
    });
    blocks.push({ kind: 'paragraph', text: chapter.summary, italic: true });
    for (const section of chapter.sections) {
      blocks.push({ kind: 'heading', text: section.heading });
      for (const p of section.paragraphs) blocks.push({ kind: 'paragraph', text: p });
      if (section.exercise)
        blocks.push({ kind: 'exercise', title: section.exercise.title, steps: section.exercise.steps });
    }
  }
  const challenge = book.challenge;
  blocks.push({
    kind: 'chapterStart',
    eyebrow: numbered(labels.chapter, challenge.number),
    title: challenge.title,
    tocTitle: `${challenge.number}. ${challenge.title}`,
  });
  blocks.push({ kind: 'paragraph', text: challenge.summary, italic: true });
  for (const p of challenge.introduction) blocks.push({ kind: 'paragraph', text: p });
  for (const day of challenge.days)
    blocks.push({ kind: 'day', label: numbered(labels.day, day.day), title: day.title, task: day.task });
  blocks.push({ kind: 'chapterStart', eyebrow: '', title: labels.closing, tocTitle: labels.closing });
  for (const p of book.closing) blocks.push({ kind: 'paragraph', text: p });
  blocks.push({ kind: 'paragraph', text: book.support.replace('{email}', supportEmail), italic: true });
  return blocks;
}
