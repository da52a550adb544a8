import { describe, expect, it } from 'vitest';
import { localeNames, locales } from './locales';
import { localeLabels, localeMessages, localeTexts } from './locale-texts';
import { forbiddenProblems, readTermbase, termProblems, type Termbase } from './termbase';

const texts = (locale: string) => new Map([...localeMessages(locale), ...localeLabels(locale)]);
const english = texts('en');

describe('each language uses its termbase’s word wherever English uses the term', () => {
  it.each(locales)('%s', (locale) => {
    expect(termProblems(readTermbase(locale), english, texts(locale), localeNames[locale])).toEqual([]);
  });
});

// The strings a buyer reads from the purchase to the delivery, and the accessibility statement:
// what the native reader's review (issue 50) covered, and where a forbidden word must not come back.
const BUYER_NAMESPACES = /^(shop|success|library|email)\./;
const buyerTexts = (locale: string) =>
  new Map([
    ...[...localeMessages(locale)].filter(([key]) => BUYER_NAMESPACES.test(key)),
    ...localeTexts(locale)
      .filter(({ where }) => where.startsWith(`documents/${locale}/accessibility.json`))
      .map(({ where, text }) => [where, text] as const),
  ]);

describe('the buyer’s strings use none of the words their termbase forbids', () => {
  it.each(locales)('%s', (locale) => {
    expect(forbiddenProblems(readTermbase(locale), buyerTexts(locale))).toEqual([]);
  });
});

describe('forbiddenProblems', () => {
  const termbase = (forbidden: Termbase['forbidden']): Termbase => ({ ...readTermbase('en'), forbidden });

  it('finds a whole word in any case, and not inside another word', () => {
    const bill = termbase([{ forms: ['чек', 'чека'], use: 'квитанция', why: 'a till slip' }]);
    const texts = new Map([
      ['email.receipt', 'Ваш Чек'],
      ['library.body', 'Для привычек человека'],
    ]);
    expect(forbiddenProblems(bill, texts)).toEqual(['email.receipt says "Чек": use "квитанция"']);
  });

  it('lets a form marked "*" run on into the word (Korean particles)', () => {
    const member = termbase([{ forms: ['회원님*'], use: '고객님', why: 'buyers have no account' }]);
    expect(forbiddenProblems(member, new Map([['library.body', '모든 페이지에 회원님의 이름이']]))).toEqual([
      'library.body says "회원님": use "고객님"',
    ]);
  });

  it('checks a keyed entry only in its keys, and names a key that is gone', () => {
    const none = termbase([
      { forms: ['wala'], use: 'Hindi makukuha', why: 'reads as free', keys: ['shop.notAvailable'] },
    ]);
    expect(
      forbiddenProblems(
        none,
        new Map([
          ['shop.notAvailable', 'Wala'],
          ['library.sent', 'Wala pa'],
        ]),
      ),
    ).toEqual(['shop.notAvailable says "Wala": use "Hindi makukuha"']);
    expect(forbiddenProblems(none, new Map())).toEqual(['forbidden "wala": no text shop.notAvailable']);
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
