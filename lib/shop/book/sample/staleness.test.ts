import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editions } from '../../catalogue';
import { sampleFileName } from '../../sample-links';
import { readManifest, sampleProblem } from '../manifest';

// Edits to files as the checkout would hold them, without touching them: a manuscript, the
// typesetter, a sample builder, the sample's labels.
const edits = vi.hoisted(() => new Map<string, (text: string) => string>());
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const read = ((path: string, ...rest: unknown[]) => {
    const text = (actual.readFileSync as (...a: unknown[]) => string | Buffer)(path, ...rest);
    const edit = [...edits].find(([end]) => String(path).endsWith(end))?.[1];
    return edit && typeof text === 'string' ? edit(text) : text;
  }) as typeof actual.readFileSync;
  return { ...actual, default: { ...actual, readFileSync: read }, readFileSync: read };
});
vi.mock('@/content/shop/book-labels.json', async (importOriginal) => {
  const actual = (await importOriginal<{ default: Record<string, Record<string, string>> }>()).default;
  return { default: { ...actual, en: { ...actual.en, sampleEnd: 'The sample ends here' } } };
});

/** The staleness check covers the samples: whatever a book is made from, and the sample's own code, makes its sample stale. */
describe('a sample is stale', () => {
  const en = editions.find((e) => e.id === 'en')!;
  const files = { pdf: sampleFileName('en', 'pdf'), epub: sampleFileName('en', 'epub') };
  const manifest = readManifest();
  afterEach(() => edits.clear());

  it('when its labels changed (the en labels are edited in this file)', () => {
    expect(sampleProblem(en, manifest, files)).toEqual({
      kind: 'stale',
      reason: "its sample's labels changed since it was built",
    });
    // Another edition's sample, whose labels stand, is current.
    const fr = editions.find((e) => e.id === 'fr')!;
    expect(sampleProblem(fr, manifest, { pdf: sampleFileName('fr', 'pdf'), epub: sampleFileName('fr', 'epub') })).toBe(
      undefined,
    );
  });

  it.each([
    ['its manuscript', 'content/shop/manuscript.fr.json', 'book'],
    ['the typesetter', 'lib/shop/book/paginate.ts', 'book'],
    ['the EPUB builder', 'lib/shop/book/epub/chapters.ts', 'epub'],
    ['a sample builder', 'lib/shop/book/sample/typeset.ts', 'sampler'],
  ])('when %s changed', (_what, file, input) => {
    const fr = editions.find((e) => e.id === 'fr')!;
    const frFiles = { pdf: sampleFileName('fr', 'pdf'), epub: sampleFileName('fr', 'epub') };
    expect(readFileSync(file, 'utf8')).not.toContain('edited');
    edits.set(file, (text) =>
      file.endsWith('.json') ? text.replace('"The Love Blueprint"', '"edited"') : `${text}\n// edited\n`,
    );
    expect(readFileSync(file, 'utf8')).toContain('edited');
    expect(sampleProblem(fr, manifest, frFiles)).toEqual({
      kind: 'stale',
      reason: `its sample's ${input} changed since it was built`,
    });
  });
});
