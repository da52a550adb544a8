import { site } from '@/lib/site';
import { localizePath } from '@/lib/i18n/paths';
import { isLocale } from '@/lib/i18n/locales';
import { fillPlaceholders } from '@/lib/i18n/placeholders';
import type { Edition } from '../../catalogue';
import { bookLabels, sampleLabels, type SampleLabels } from '../labels';
import { BOOK_PAGES, FIXED_PAGES, blocksOf, type BookBlock } from '../layout';
import { loadManuscript, type Manuscript } from '../manuscript';
import type { PageStart } from '../paginate';

/**
 * What an edition's sample holds, the same for its PDF and its EPUB: the book's blocks up to
 * chapter 2 (the introduction and chapter 1, from the same manuscript and labels as the book),
 * and the book's pages that hold them, which the sample keeps with the book's page numbers.
 */
const SAMPLE_CHAPTERS = 2; // the introduction and chapter 1: the chapter starts kept

/** The book's blocks before the first chapter start the sample leaves out. */
export function sampleBlocks(blocks: BookBlock[]): BookBlock[] {
  const starts = blocks.flatMap((block, i) => (block.kind === 'chapterStart' ? [i] : []));
  const end = starts[SAMPLE_CHAPTERS];
  if (end === undefined) throw new Error(`The book has fewer than ${SAMPLE_CHAPTERS + 1} chapters to sample from`);
  return blocks.slice(0, end);
}

/** The book's body pages (their starts, paginate.ts) that the sample's blocks fill: every page that begins in them. */
export function samplePageStarts(pageStarts: PageStart[], blocks: number): PageStart[] {
  return pageStarts.filter((start) => start.block < blocks);
}

/** The edition's page on the site, where the full book is bought: printed at the sample's end. */
export function sampleBuyUrl(edition: Edition): string {
  const path = `/the-love-blueprint/${edition.id}`;
  return `${site.publicUrl}${isLocale(edition.language) ? localizePath(path, edition.language) : path}`;
}

type SampleContent = {
  book: Manuscript;
  labels: ReturnType<typeof bookLabels>;
  sample: SampleLabels;
  /** The sample's title: the book's, marked as a sample in the edition's language. */
  title: string;
  blocks: BookBlock[];
  pageStarts: PageStart[];
  /** What only the full book has, by the titles its contents give them. */
  later: string[];
  /** The sentence that says where the full book is sold, with its URL. */
  buy: string;
  url: string;
};

export function sampleContent(edition: Edition, bookPageStarts: PageStart[]): SampleContent {
  const book = loadManuscript(edition.language);
  const labels = bookLabels(edition.language);
  const sample = sampleLabels(edition.language);
  const all = blocksOf(book, labels, site.supportEmail);
  const blocks = sampleBlocks(all);
  const later = all.slice(blocks.length).flatMap((block) => (block.kind === 'chapterStart' ? [block.tocTitle] : []));
  const url = sampleBuyUrl(edition);
  const pageStarts = samplePageStarts(bookPageStarts, blocks.length);
  if (FIXED_PAGES + pageStarts.length >= BOOK_PAGES)
    throw new Error(`The ${edition.id} sample would be the whole book`);
  return {
    book,
    labels,
    sample,
    title: fillPlaceholders(sample.title, { title: book.title }),
    blocks,
    pageStarts,
    later: [...later, labels.tracker],
    buy: fillPlaceholders(sample.buy, { url }),
    url,
  };
}
