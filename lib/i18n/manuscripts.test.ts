import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manuscriptProblems } from './completeness';

// Every translated book in content/shop, whichever editions are on sale yet.
const translated = readdirSync(join(process.cwd(), 'content', 'shop'))
  .map((name) => /^manuscript\.(.+)\.json$/.exec(name)?.[1])
  .filter((locale): locale is string => Boolean(locale) && locale !== 'en');

describe.each(translated)('[%s] manuscript of the book', (locale) => {
  it('has English’s structure (10 chapters, every section, exercise and day), every text translated, no English left', () => {
    expect(manuscriptProblems(locale)).toEqual([]);
  });
});

describe('the manuscript check itself', () => {
  it('finds a missing book, and English left in a translated one', () => {
    expect(manuscriptProblems('xx')).toEqual(['shop/manuscript.xx.json: missing']);
    expect(manuscriptProblems('en').some((problem) => problem.includes('English left'))).toBe(true);
  });
});
