import { directionOfLanguage } from '@/lib/i18n/locales';
import { site } from '@/lib/site';
import type { Edition } from './catalogue';
import { bookLabels } from './book/labels';
import { blocksOf, type BookBlock, type BookLabels } from './book/layout';
import { loadManuscript, type Manuscript } from './book/manuscript';

/**
 * The free sample of an edition as the web page shows it (issue 50, part A): the book's own
 * blocks (lib/shop/book/layout.ts, the same list the PDF and EPUB are typeset from), cut after
 * chapter 1, and the book's contents with the parts the sample holds marked by their anchors.
 */

/** How many of the book's parts the sample gives in full: the introduction and chapter 1. */
export const SAMPLE_PARTS = 2;

/** One part of the book: where it starts (its heading) and the blocks up to the next part. */
type SamplePart = {
  /** The in-page anchor of its heading: `introduction`, `chapter-1`. */
  anchor: string;
  eyebrow: string;
  title: string;
  blocks: Exclude<BookBlock, { kind: 'chapterStart' }>[];
};

/** A line of the book's contents; `anchor` only for the parts the sample holds (the rest are not links). */
type ContentsEntry = { title: string; anchor?: string };

export type EditionSample = {
  /** The edition's language and direction, for the text and the contents (the page around them keeps its own). */
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  subtitle: string;
  parts: SamplePart[];
  contents: ContentsEntry[];
};

/** The book's blocks, split at each part's start (introduction, chapters 1–10, closing words). */
function partsOf(book: Manuscript, labels: BookLabels) {
  const parts: { start: Extract<BookBlock, { kind: 'chapterStart' }>; blocks: SamplePart['blocks'] }[] = [];
  for (const block of blocksOf(book, labels, site.supportEmail)) {
    if (block.kind === 'chapterStart') parts.push({ start: block, blocks: [] });
    else parts.at(-1)?.blocks.push(block);
  }
  return parts;
}

/** The anchor of the book's n-th part: the introduction first, then its chapters by number. */
const anchorOf = (index: number) => (index === 0 ? 'introduction' : `chapter-${index}`);

export function sampleOf(book: Manuscript, labels: BookLabels, language: string): EditionSample {
  const parts = partsOf(book, labels);
  return {
    lang: language,
    dir: directionOfLanguage(language),
    title: book.title,
    subtitle: book.subtitle,
    parts: parts.slice(0, SAMPLE_PARTS).map(({ start, blocks }, index) => ({
      anchor: anchorOf(index),
      eyebrow: start.eyebrow,
      title: start.title,
      blocks,
    })),
    contents: parts.map(({ start }, index) => ({
      title: start.tocTitle,
      ...(index < SAMPLE_PARTS ? { anchor: anchorOf(index) } : {}),
    })),
  };
}

// Parsed once per process: the manuscripts are a fixed set of files (one per edition) that do not
// change while it runs, so this map cannot grow past the catalogue.
const manuscripts = new Map<string, Manuscript>();

/** The edition's manuscript (content/shop/manuscript.{language}.json), read and checked once. */
export function editionManuscript(edition: Pick<Edition, 'language'>): Manuscript {
  let book = manuscripts.get(edition.language);
  if (!book) {
    book = loadManuscript(edition.language);
    manuscripts.set(edition.language, book);
  }
  return book;
}

/** The sample of a catalogue edition, in its own language. */
export function editionSample(edition: Pick<Edition, 'language'>): EditionSample {
  return sampleOf(editionManuscript(edition), bookLabels(edition.language), edition.language);
}
