import { describe, expect, it } from 'vitest';
import { editions } from './catalogue';
import { bookLabels } from './book/labels';
import { loadManuscript } from './book/manuscript';
import { SAMPLE_PARTS, editionSample, sampleOf } from './sample-page';

describe('sampleOf', () => {
  const book = loadManuscript('en');
  const labels = bookLabels('en');
  const sample = sampleOf(book, labels, 'en');

  it('holds the introduction and chapter 1 in full, as the book has them', () => {
    expect(sample.parts.map(({ anchor, eyebrow, title }) => ({ anchor, eyebrow, title }))).toEqual([
      { anchor: 'introduction', eyebrow: '', title: labels.introduction },
      { anchor: 'chapter-1', eyebrow: 'Chapter 1', title: book.chapters[0]!.title },
    ]);
    const [introduction, chapter] = sample.parts;
    expect(introduction!.blocks).toEqual([
      { kind: 'paragraph', text: book.dedication, italic: true },
      ...book.introduction.map((text) => ({ kind: 'paragraph', text })),
    ]);
    const first = book.chapters[0]!;
    expect(chapter!.blocks).toEqual([
      { kind: 'paragraph', text: first.summary, italic: true },
      ...first.sections.flatMap((section) => [
        { kind: 'heading', text: section.heading },
        ...section.paragraphs.map((text) => ({ kind: 'paragraph', text })),
        ...(section.exercise ? [{ kind: 'exercise', ...section.exercise }] : []),
      ]),
    ]);
  });

  it('gives nothing of chapter 2 or later', () => {
    const text = JSON.stringify(sample.parts);
    for (const chapter of book.chapters.slice(1)) {
      expect(text).not.toContain(chapter.title);
      expect(text).not.toContain(chapter.sections[0]!.paragraphs[0]);
    }
    expect(text).not.toContain(book.challenge.title);
    expect(text).not.toContain(book.closing[0]);
  });

  it('lists the whole contents as the book does, only the sample’s parts with an anchor', () => {
    expect(sample.contents).toEqual([
      { title: labels.introduction, anchor: 'introduction' },
      { title: `1. ${book.chapters[0]!.title}`, anchor: 'chapter-1' },
      ...book.chapters.slice(1).map((chapter) => ({ title: `${chapter.number}. ${chapter.title}` })),
      { title: `10. ${book.challenge.title}` },
      { title: labels.closing },
    ]);
    expect(sample.contents.filter((entry) => entry.anchor)).toHaveLength(SAMPLE_PARTS);
  });
});

describe('editionSample', () => {
  it('is in each edition’s own language and direction, Arabic right to left', () => {
    for (const edition of editions) {
      const sample = editionSample(edition);
      expect(sample.lang).toBe(edition.language);
      expect(sample.dir).toBe(edition.language === 'ar' ? 'rtl' : 'ltr');
      expect(sample.parts[1]!.title).toBe(loadManuscript(edition.language).chapters[0]!.title);
      expect(sample.parts[1]!.eyebrow).toBe(bookLabels(edition.language).chapter.replace('{n}', '1'));
    }
  });
});
