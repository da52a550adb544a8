import { describe, expect, it } from 'vitest';
import { loadManuscript } from './book/manuscript';
import { chapterTitles } from './chapter-titles';

describe('chapterTitles', () => {
  it('is the nine chapters and the 30-day challenge as chapter 10, from the manuscript', () => {
    for (const language of ['en', 'ja', 'ar']) {
      const book = loadManuscript(language);
      const titles = chapterTitles(book);
      expect(titles.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(titles.map((chapter) => chapter.title)).toEqual([
        ...book.chapters.map((chapter) => chapter.title),
        book.challenge.title,
      ]);
    }
  });
});
