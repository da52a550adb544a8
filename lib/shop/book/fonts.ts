import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The fonts the book is set in. Static instances (the @fontsource packages), not the site's
 * variable fonts: Chromium embeds a variable font in a PDF as Type 3 outlines, a static one as
 * a real, subset TrueType font. Every edition gets the Latin faces (the product name, digits);
 * a script edition gets its Noto Sans family first in every stack.
 */
const SCRIPT_FAMILY: Record<string, { pkg: string; family: string }> = {
  ar: { pkg: 'noto-sans-arabic', family: 'Noto Sans Arabic' },
  bn: { pkg: 'noto-sans-bengali', family: 'Noto Sans Bengali' },
  th: { pkg: 'noto-sans-thai', family: 'Noto Sans Thai' },
  ja: { pkg: 'noto-sans-jp', family: 'Noto Sans JP' },
  ko: { pkg: 'noto-sans-kr', family: 'Noto Sans KR' },
  'zh-CN': { pkg: 'noto-sans-sc', family: 'Noto Sans SC' },
};

const LATIN_SHEETS = [
  'noto-serif/400.css',
  'noto-serif/400-italic.css',
  'noto-serif/700.css',
  'inter/400.css',
  'inter/700.css',
  'fraunces/700.css',
];

function sheet(path: string): string {
  const dir = join(process.cwd(), 'node_modules', '@fontsource', path.split('/')[0]!);
  const css = readFileSync(join(dir, path.split('/')[1]!), 'utf8');
  return css.replaceAll('url(./files/', `url(${pathToFileURL(join(dir, 'files')).href}/`);
}

export type BookFonts = { css: string; serif: string; sans: string; display: string; hasItalic: boolean };

const sheetsOf = (language: string) => {
  const script = SCRIPT_FAMILY[language];
  return [...LATIN_SHEETS, ...(script ? [`${script.pkg}/400.css`, `${script.pkg}/700.css`] : [])];
};

/** The @fontsource packages an edition is set in (content/books/manifest.json records their versions). */
export function bookFontPackages(language: string): string[] {
  return [...new Set(sheetsOf(language).map((path) => `@fontsource/${path.split('/')[0]!}`))].sort();
}

export function bookFonts(language: string): BookFonts {
  const script = SCRIPT_FAMILY[language];
  const css = sheetsOf(language).map(sheet).join('\n');
  if (!script)
    return {
      css,
      serif: "'Noto Serif', serif",
      sans: "'Inter', sans-serif",
      display: "'Fraunces', 'Noto Serif', serif",
      hasItalic: true,
    };
  const first = `'${script.family}'`;
  return {
    css,
    serif: `${first}, 'Noto Serif', serif`,
    sans: `${first}, 'Inter', sans-serif`,
    display: `${first}, 'Fraunces', serif`,
    hasItalic: false,
  };
}
