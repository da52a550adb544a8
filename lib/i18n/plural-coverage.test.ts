import { describe, expect, it } from 'vitest';
import { locales } from './locales';
import { localeMessages } from './locale-texts';
import { missingPluralCategories } from './plural-coverage';

describe('every plural message covers its language’s CLDR categories', () => {
  it.each(locales)('%s', (locale) => {
    const problems = [...localeMessages(locale)].flatMap(([key, message]) => {
      const missing = missingPluralCategories(message, locale);
      return missing.length ? [`${key}: no ${missing.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });
});

describe('missingPluralCategories', () => {
  it('finds Spanish’s missing `many` (1,000,000 and up), which =0 does not replace', () => {
    expect(missingPluralCategories('{count, plural, =0 {Ninguna} one {# descarga} other {# descargas}}', 'es')).toEqual(
      ['many'],
    );
    expect(
      missingPluralCategories('{count, plural, one {# descarga} many {# de descargas} other {# descargas}}', 'es'),
    ).toEqual([]);
  });
  it('knows Arabic’s six categories and looks inside nested plurals', () => {
    expect(missingPluralCategories('{n, plural, other {#}}', 'ar').sort()).toEqual([
      'few',
      'many',
      'one',
      'two',
      'zero',
    ]);
    expect(missingPluralCategories('{a, select, x {{n, plural, one {#} other {#}}} other {}}', 'ru').sort()).toEqual([
      'few',
      'many',
    ]);
  });
});
