import { describe, expect, it } from 'vitest';
import { editions } from '../../catalogue';
import { bookLabels, sampleLabels } from '../labels';
import { blocksOf } from '../layout';
import { loadManuscript } from '../manuscript';
import { readManifest } from '../manifest';
import { sampleBlocks, sampleBuyUrl, sampleContent, samplePageStarts } from './content';

/** What a sample holds: the introduction and chapter 1, whole, from the book's own blocks; nothing of chapter 2. */
describe('the sample’s content', () => {
  const manifest = readManifest();

  it.each(editions.map((e) => [e.id, e] as const))('the %s sample is the book up to chapter 2', (_id, edition) => {
    const book = loadManuscript(edition.language);
    const labels = bookLabels(edition.language);
    const all = blocksOf(book, labels, 'support@amora.example');
    const blocks = sampleBlocks(all);
    expect(all.slice(0, blocks.length)).toEqual(blocks);
    const text = JSON.stringify(blocks);
    for (const p of book.introduction) expect(text).toContain(JSON.stringify(p));
    const [one, two] = book.chapters;
    for (const section of one!.sections) {
      expect(text).toContain(JSON.stringify(section.heading));
      for (const p of section.paragraphs) expect(text).toContain(JSON.stringify(p));
    }
    expect(text).not.toContain(JSON.stringify(two!.title));
    for (const section of two!.sections) expect(text).not.toContain(JSON.stringify(section.heading));
    expect(all[blocks.length]).toMatchObject({ kind: 'chapterStart', title: two!.title });

    const content = sampleContent(edition, manifest.editions[edition.id]!.pageStarts);
    expect(content.later).toEqual([
      ...[...book.chapters.slice(1), book.challenge].map((c) => `${c.number}. ${c.title}`),
      labels.closing,
      labels.tracker,
    ]);
    expect(content.title).toBe(sampleLabels(edition.language).title.replace('{title}', book.title));
    expect(content.title).not.toBe(book.title);
    expect(content.buy).toContain(content.url);
  });

  it('keeps the book’s pages that begin in its blocks', () => {
    const starts = [{ block: 0 }, { block: 3, offset: 10 }, { block: 7 }, { block: 7, step: 2 }, { block: 9 }];
    expect(samplePageStarts(starts, 8)).toEqual(starts.slice(0, 4));
  });

  it('sends buyers to the edition’s page, in its language', () => {
    const byId = (id: string) => editions.find((e) => e.id === id)!;
    expect(sampleBuyUrl(byId('en'))).toBe('https://amora.example/the-love-blueprint/en');
    expect(sampleBuyUrl(byId('fr'))).toBe('https://amora.example/fr/the-love-blueprint/fr');
    expect(sampleBuyUrl(byId('zh-CN'))).toBe('https://amora.example/zh-CN/the-love-blueprint/zh-CN');
  });

  it('has its lines in every edition’s language, filled where they take a value', () => {
    const english = sampleLabels('en');
    for (const edition of editions) {
      const labels = sampleLabels(edition.language);
      expect(Object.keys(labels)).toEqual(Object.keys(english));
      expect(labels.title).toContain('{title}');
      expect(labels.buy).toContain('{url}');
      if (edition.language !== 'en')
        for (const key of ['mark', 'note', 'end', 'more'] as const) expect(labels[key], key).not.toBe(english[key]);
    }
  });
});
