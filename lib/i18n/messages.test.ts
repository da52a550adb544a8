import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { flatten, icuArguments, type Catalogue } from './catalogue';
import { locales } from './locales';

const load = (locale: string) =>
  flatten(JSON.parse(readFileSync(join(__dirname, '../../content/messages', `${locale}.json`), 'utf8')) as Catalogue);

const english = load('en');

describe('message catalogues', () => {
  it('English has real text for every key', () => {
    expect(english.size).toBeGreaterThan(50);
    for (const [key, value] of english) expect(value.trim(), key).not.toBe('');
  });

  describe.each(locales)('%s', (locale) => {
    const messages = load(locale);

    it('has exactly the English key set', () => {
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('uses the same ICU arguments as English in every message', () => {
      for (const [key, value] of messages) {
        expect(icuArguments(value), `${locale}:${key}`).toEqual(icuArguments(english.get(key) ?? ''));
      }
    });

    it('compiles every message for its locale', () => {
      for (const [key, value] of messages) {
        expect(() => new IntlMessageFormat(value, locale), `${locale}:${key}`).not.toThrow();
      }
    });
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
