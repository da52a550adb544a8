import labels from '@/content/shop/book-labels.json';
import type { BookLabels } from './layout';

/** The sample's own lines (the `sample…` keys of content/shop/book-labels.json); `{title}` and `{url}` are filled in. */
export type SampleLabels = {
  /** The mark on every page of the sample PDF. */
  mark: string;
  /** The sample's title in its metadata: `{title}` is the book's. */
  title: string;
  /** What the title page and each chapter's start say: this is a free sample. */
  note: string;
  /** The heading of the sample's last page. */
  end: string;
  /** Before the list of what only the full book has. */
  more: string;
  /** Where to buy the full book: `{url}` is the edition's page. */
  buy: string;
};

const SAMPLE_KEYS = {
  sampleMark: 'mark',
  sampleTitle: 'title',
  sampleNote: 'note',
  sampleEnd: 'end',
  sampleMore: 'more',
  sampleBuy: 'buy',
} as const satisfies Record<string, keyof SampleLabels>;

type AllLabels = BookLabels & Record<keyof typeof SAMPLE_KEYS, string>;
const all = labels as Record<string, AllLabels>;
const of = (language: string) => all[language] ?? all.en!;

/**
 * The book's own furniture (contents, chapter, tracker, cover and stamp lines) in each edition's
 * language. Without the sample's lines: they are no input of the book, so adding or editing them
 * leaves every book's file name and manifest inputs as they were (the samples record them instead).
 */
export function bookLabels(language: string): BookLabels {
  return Object.fromEntries(Object.entries(of(language)).filter(([key]) => !(key in SAMPLE_KEYS))) as BookLabels;
}

/** The sample's lines in the edition's language. */
export function sampleLabels(language: string): SampleLabels {
  const labels = of(language);
  return Object.fromEntries(
    Object.entries(SAMPLE_KEYS).map(([key, name]) => [name, labels[key as keyof typeof SAMPLE_KEYS]]),
  ) as SampleLabels;
}
