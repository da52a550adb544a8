import { describe, expect, it } from 'vitest';
import { localeNames, locales } from './locales';
import { localeLabels, localeMessages } from './locale-texts';
import { readTermbase, termProblems, type Termbase } from './termbase';

const texts = (locale: string) => new Map([...localeMessages(locale), ...localeLabels(locale)]);
const english = texts('en');

describe('each language uses its termbase’s word wherever English uses the term', () => {
  it.each(locales)('%s', (locale) => {
    expect(termProblems(readTermbase(locale), english, texts(locale), localeNames[locale])).toEqual([]);
  });
});

describe('termProblems', () => {
  const key = [...english].find(([, text]) => /\bedition\b/i.test(text))![0];

  it('finds a planted synonym: "version" where the termbase says "édition"', () => {
    const [termbase, french] = [readTermbase('fr'), texts('fr')];
    const planted = new Map(french).set(key, 'Votre version : {label}');
    expect(termProblems(termbase, english, planted, localeNames.fr).join('\n')).toContain(`edition: ${key}`);
  });

  it('finds another VAT wording beside the price: "inkl. USt." where the termbase says "inkl. MwSt."', () => {
    const [termbase, german] = [readTermbase('de'), texts('de')];
    expect(termbase.vatIncluded.forms).toEqual(['inkl. MwSt.']);
    expect(termProblems(termbase, english, german, localeNames.de)).toEqual([]);
    const planted = new Map(german).set('shop.vatIncluded', 'inkl.\u00a0USt.');
    expect(termProblems(termbase, english, planted, localeNames.de)).toEqual([
      'vatIncluded: shop.vatIncluded does not say "inkl. MwSt.": "inkl.\u00a0USt."',
    ]);
  });

  it('reads a no-break space in a text as the plain space its termbase form is typed with', () => {
    const [termbase, french] = [readTermbase('fr'), texts('fr')];
    expect(french.get('shop.vatIncluded')).toBe('TVA\u00a0incluse');
    expect(termProblems(termbase, english, french, localeNames.fr)).toEqual([]);
  });

  it('finds a termbase the language picker contradicts, and an exception nobody needs', () => {
    const [termbase, french] = [readTermbase('fr'), texts('fr')];
    const wrong: Termbase = { ...termbase, exceptions: { card: { 'nav.home': 'no reason' } } };
    const problems = termProblems(wrong, english, french, 'Francais');
    expect(problems).toContain(
      'languageName: the language picker says "Francais", the termbase ' + termbase.languageName.forms.join(' / '),
    );
    expect(problems).toContain('card: the exception for nav.home is not needed (English does not use the term there)');
  });
});
