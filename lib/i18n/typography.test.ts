import { describe, expect, it } from 'vitest';
import { locales } from './locales';
import { localeMessages, localeTexts } from './locale-texts';
import {
  bidiControls,
  breakableSpaces,
  frenchSpacingFaults,
  mixedScriptWords,
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

describe('each rule finds its planted error', () => {
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
