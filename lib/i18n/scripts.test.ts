import { describe, expect, it } from 'vitest';
import { locales } from './locales';
import { scriptOf, scriptTable } from './scripts';

describe('the script table (lib/i18n/scripts.json)', () => {
  it.each(locales)('names the script %s is written in', (locale) => {
    expect(scriptOf(locale), `add ${locale} to a script's locales in lib/i18n/scripts.json`).toBeDefined();
  });

  it('lists each language once, and only languages of the site', () => {
    const listed = scriptTable.scripts.flatMap((script) => script.locales);
    expect(listed.toSorted()).toEqual([...locales].toSorted());
  });

  it('gives every script but Latin the fonts that draw it', () => {
    for (const script of scriptTable.scripts.filter((s) => s.script !== 'latin'))
      expect(script.site ?? script.static, script.script).toBeDefined();
  });
});
