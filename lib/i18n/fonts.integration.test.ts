import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fontStylesheets } from './fonts';
import { locales } from './locales';

describe('script fonts', () => {
  beforeAll(() => {
    if (!existsSync(join(process.cwd(), 'public/fonts/jp.css'))) execFileSync('node', ['scripts/fonts.mjs']);
  });

  it('gives Latin languages no extra font', () => {
    for (const locale of ['en', 'fr', 'de', 'es', 'pt', 'nl', 'pl', 'tl'] as const)
      expect(fontStylesheets(locale)).toEqual([]);
  });

  it.each(['ja', 'zh-CN', 'ko', 'th', 'bn', 'ar', 'ru', 'uk', 'el'] as const)(
    'gives %s a stylesheet whose font files exist',
    (locale) => {
      const sheets = fontStylesheets(locale);
      expect(sheets.length).toBeGreaterThan(0);
      for (const sheet of sheets) {
        const css = readFileSync(join(process.cwd(), 'public', sheet), 'utf8');
        const urls = [...css.matchAll(/url\((\/fonts\/[^)]+)\)/g)].map((m) => m[1]);
        expect(urls.length).toBeGreaterThan(0);
        for (const url of urls) expect(existsSync(join(process.cwd(), 'public', url ?? '')), url).toBe(true);
        // Every face is limited to its script, so Latin text never downloads it.
        expect(css.match(/@font-face/g)?.length).toBe(css.match(/unicode-range/g)?.length);
      }
    },
  );

  it('names a script family only on the pages whose stylesheet defines it', () => {
    // An undefined family in a stack costs the browser a system font search per text style.
    const globals = readFileSync(join(process.cwd(), 'app/globals.css'), 'utf8');
    const stacks = [...globals.matchAll(/--font-(?:body|heading):([^;]+);/g)].map((m) => m[1]);
    expect(stacks).toHaveLength(2);
    for (const stack of stacks) expect(stack).not.toMatch(/Amora Script/);
    for (const sheet of ['jp', 'arabic', 'thai', 'cyrillic', 'greek']) {
      const css = readFileSync(join(process.cwd(), 'public/fonts', `${sheet}.css`), 'utf8');
      const family = /font-family: '([^']+)'/.exec(css)?.[1];
      expect(css, sheet).toContain(`--script-display-font: '${family}',;`);
      if (family === 'Amora Script') expect(css, sheet).toContain(`--script-font: '${family}',;`);
    }
  });

  it('covers only known locales', () => {
    for (const locale of locales) expect(Array.isArray(fontStylesheets(locale))).toBe(true);
  });
});
