import { describe, expect, it } from 'vitest';
import { locales } from './locales';
import { localeMessages, localeTexts } from './locale-texts';
import {
  bidiControls,
  breakableSpaces,
  dutchFormatCapitals,
  frenchMissingSpace,
  frenchSpacingFaults,
  greekArticleBeforeColon,
  koreanParticleAfterValue,
  mixedScriptWords,
  pdfWithoutEpub,
  polishCapitalisedYou,
  traditionalCharacters,
} from './typography';

/** Every text of the locales a rule applies to, with what the rule found in it. */
function findings(applies: (locale: string) => boolean, rule: (text: string) => string[]) {
  return locales
    .filter(applies)
    .flatMap((locale) =>
      localeTexts(locale).flatMap(({ where, text }) => rule(text).map((found) => `${where}: ${found}`)),
    );
}

describe('typography a native reader expects', () => {
  it('French: a no-break space before ? ! ; : » and after «', () => {
    expect(findings((l) => l === 'fr', frenchSpacingFaults)).toEqual([]);
  });
  it('no stored text carries invisible bidirectional controls', () => {
    expect(findings(() => true, bidiControls)).toEqual([]);
  });
  it('no Latin letter inside a Cyrillic or Greek word', () => {
    expect(findings((l) => ['ru', 'uk', 'el'].includes(l), mixedScriptWords)).toEqual([]);
  });
  it('no Traditional character in Simplified Chinese', () => {
    expect(findings((l) => l === 'zh-CN', traditionalCharacters)).toEqual([]);
  });
  it('the VAT wording beside a price is one phrase no line can break ("inkl.\u00a0MwSt.")', () => {
    const wording = locales.map((locale) => [locale, localeMessages(locale).get('shop.vatIncluded')] as const);
    expect(wording.filter(([, text]) => !text)).toEqual([]);
    expect(wording.flatMap(([locale, text]) => breakableSpaces(text!).map((found) => `${locale}: ${found}`))).toEqual(
      [],
    );
  });
});

// How each language ends a label that introduces a list ("Also available in:"): French with a
// no-break space before the colon, Chinese and Japanese with the full-width one.
const LABEL_COLON: Record<string, RegExp> = { fr: /\S[\u00a0\u202f]:$/u, 'zh-CN': /\S：$/u, ja: /\S：$/u };

describe('issue 50: what a native reader found', () => {
  it('French: no colon, semicolon, ! or ? straight after a word', () => {
    expect(findings((l) => l === 'fr', frenchMissingSpace)).toEqual([]);
  });
  it('Korean: a particle after {email} fits either ending ("(으)로")', () => {
    // The manuscript is typeset into the committed books: its line waits for the next book revision.
    const found = findings((l) => l === 'ko', koreanParticleAfterValue);
    expect(found.filter((line) => !line.startsWith('shop/manuscript.ko.json'))).toEqual([]);
  });
  it('Polish: "you" in lower case inside a sentence, as all through the shop', () => {
    expect(findings((l) => l === 'pl', polishCapitalisedYou)).toEqual([]);
  });
  it('Greek: no article or preposition left before a colon', () => {
    expect(findings((l) => l === 'el', greekArticleBeforeColon)).toEqual([]);
  });
  it('Dutch: "pdf" and "epub" in lower case', () => {
    expect(findings((l) => l === 'nl', dutchFormatCapitals)).toEqual([]);
  });
  it('the label before the other editions ends with its language’s colon (the page adds none)', () => {
    const faults = locales.flatMap((locale) => {
      const label = localeMessages(locale).get('shop.otherEditions') ?? '';
      return (LABEL_COLON[locale] ?? /[^\s:]:$/u).test(label) ? [] : [`${locale}: "${label}"`];
    });
    expect(faults).toEqual([]);
  });
  it('page descriptions, FAQ and help answers that name the PDF name the EPUB too', () => {
    const about = /^(messages\/[^:]+: pageDescriptions\.|faqs\/|help\/)/;
    const found = locales.flatMap((locale) =>
      localeTexts(locale)
        .filter(({ where }) => about.test(where))
        .flatMap(({ where, text }) => pdfWithoutEpub(text).map((f) => `${where}: ${f}`)),
    );
    expect(found).toEqual([]);
  });
});

describe('each rule finds its planted error', () => {
  it('French colon straight after a word', () => {
    expect(frenchMissingSpace('Aussi disponible en:')).toHaveLength(1);
    expect(frenchMissingSpace('Vraiment? Oui!')).toHaveLength(2);
    expect(frenchMissingSpace('Aussi disponible en\u00a0: https://example.com à 12:30')).toEqual([]);
  });
  it('Korean particle after a value', () => {
    expect(koreanParticleAfterValue('{email}로 문의해 주세요.')).toHaveLength(1);
    expect(koreanParticleAfterValue('{email}(으)로 문의해 주세요. {brand}가 {email}에')).toEqual([]);
  });
  it('Polish capitalised "you"', () => {
    expect(polishCapitalisedYou('Nie udało się ustalić Twojego kraju.')).toEqual(['"Twojego" at 22']);
    expect(polishCapitalisedYou('Twój egzemplarz czeka. Twoja płatność i twoje konto.')).toEqual([]);
  });
  it('Greek article before a colon', () => {
    expect(greekArticleBeforeColon('Διαθέσιμο επίσης στα:')).toHaveLength(1);
    expect(greekArticleBeforeColon('Μπορείτε να διαβάσετε τον οδηγό σε:')).toHaveLength(1);
    expect(greekArticleBeforeColon('Διαθέσιμο επίσης στις εξής γλώσσες: Δοκιμάστε το:')).toEqual([]);
  });
  it('Dutch capitals in a format', () => {
    expect(dutchFormatCapitals('De EPUB past zich aan, net als de PDF.')).toHaveLength(2);
    expect(dutchFormatCapitals('De epub voldoet aan **EPUB Accessibility 1.1**, gecontroleerd met EPUBCheck.')).toEqual(
      [],
    );
  });
  it('PDF without EPUB', () => {
    expect(pdfWithoutEpub('Receive your personal PDF by email.')).toHaveLength(1);
    expect(pdfWithoutEpub('een printbare pdf-gids')).toHaveLength(1);
    expect(pdfWithoutEpub('여러 언어의 PDF로 만나 보세요.')).toHaveLength(1);
    expect(pdfWithoutEpub('Your personal PDF and EPUB by email.')).toEqual([]);
  });
  it('French spacing', () => {
    expect(frenchSpacingFaults('Lien perdu ? Oui\u00a0!')).toHaveLength(1);
    expect(frenchSpacingFaults('« {text} »')).toHaveLength(2);
    expect(frenchSpacingFaults('Lien perdu\u202f? «\u00a0oui\u00a0»')).toEqual([]);
  });
  it('bidi controls', () => {
    expect(bidiControls('الطلب \u200f123')).toEqual(['U+200F at 6']);
    expect(bidiControls('\u2067name\u2069')).toHaveLength(2);
  });
  it('mixed scripts: a Latin "o" in Russian, a Latin "A" in Greek', () => {
    expect(mixedScriptWords('Книга для вас: кнoга')).toEqual(['кнoга']);
    expect(mixedScriptWords('Ελληνικά Aθήνα PDF')).toEqual(['Aθήνα']);
  });
  it('breakable spaces in a phrase that must stay whole', () => {
    expect(breakableSpaces('inkl. MwSt.')).toEqual(['plain space in "inkl. MwSt." at 5']);
    expect(breakableSpaces('inkl.\u00a0MwSt.')).toEqual([]);
  });
  it('Traditional characters', () => {
    expect(traditionalCharacters('查找我的訂單和书')).toEqual(['訂', '單']);
    expect(traditionalCharacters('查找我的订单')).toEqual([]);
  });
});
