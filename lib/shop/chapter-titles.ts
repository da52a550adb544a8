import type { Manuscript } from './book/manuscript';

/** A chapter of the book as the landing page's "What's inside" lists it. */
export type ChapterTitle = { number: number; title: string };

/** The book's ten chapters, in order: its nine chapters, then the 30-day challenge as chapter 10 (read from the manuscript, never typed twice). */
export function chapterTitles(book: Manuscript): ChapterTitle[] {
  return [...book.chapters, book.challenge].map(({ number, title }) => ({ number, title }));
}
