import { describe, expect, it } from 'vitest';
import { icuArguments } from './message-structure';
import { localeMessages as load } from './locale-texts';
import { locales } from './locales';

const english = load('en');

describe('message catalogues', () => {
  it('English has real text for every key', () => {
    expect(english.size).toBeGreaterThan(50);
    for (const [key, value] of english) expect(value.trim(), key).not.toBe('');
  });

  // Every other locale's keys, ICU arguments and compilation are checked by completeness.test.ts.

  it('the Terms page fails with the FAQs’ message in every language (SPEC.md: "the same message")', () => {
    for (const locale of locales) {
      const own = load(locale);
      expect(own.get('errors.terms'), locale).toBe(own.get('errors.faqs'));
    }
  });
});

describe('icuArguments', () => {
  it('finds plain, plural, select and nested arguments', () => {
    expect(icuArguments('{count, plural, one {# match for {name}} other {# matches}}')).toEqual(['count', 'name']);
    expect(icuArguments('Hi {name}, {when, date, short}')).toEqual(['name', 'when']);
    expect(icuArguments('No arguments')).toEqual([]);
  });
  it('throws on a malformed message', () => {
    expect(() => icuArguments('{broken')).toThrow();
  });
});
