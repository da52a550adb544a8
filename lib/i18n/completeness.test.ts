import { describe, expect, it } from 'vitest';
import { contentProblems, messageProblems } from './completeness';
import { locales } from './locales';

// Run one language with: npx vitest run lib/i18n/completeness.test.ts -t "\[ja\]"
describe.each(locales.filter((locale) => locale !== 'en'))('[%s] translation', (locale) => {
  it('has every UI message, with English arguments, compiling, and translated', () => {
    expect(messageProblems(locale)).toEqual([]);
  });
  it('has every home, shop, FAQ, help and accessibility file translated in English shape', () => {
    expect(contentProblems(locale)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('English passes against itself', () => {
    expect(messageProblems('en')).toEqual([]);
  });
});
