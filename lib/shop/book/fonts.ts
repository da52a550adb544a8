import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scriptOf, scriptTable } from '@/lib/i18n/scripts';

/**
 * The fonts the book is set in (the `static` fonts of lib/i18n/scripts.json). Static instances,
 * not the site's variable fonts: Chromium embeds a variable font in a PDF as Type 3 outlines, a
 * static one as a real, subset TrueType font. Every edition gets the Latin faces (the product
 * name, digits); a script edition gets its Noto Sans family first in every stack.
 */
const LATIN_SHEETS = scriptTable.scripts.flatMap((s) => (s.static && 'sheets' in s.static ? s.static.sheets : []));

const scriptFamily = (language: string) => {
  const fonts = scriptOf(language)?.static;
  return fonts && 'family' in fonts ? fonts : undefined;
};

// '@fontsource/inter/400.css' → '@fontsource/inter'
const dirnameOf = (path: string) => path.split('/').slice(0, -1).join('/');

function sheet(path: string): string {
  const dir = join(process.cwd(), 'node_modules', dirnameOf(path));
  const css = readFileSync(join(dir, path.split('/').at(-1)!), 'utf8');
  return css.replaceAll('url(./files/', `url(${pathToFileURL(join(dir, 'files')).href}/`);
}

export type BookFonts = { css: string; serif: string; sans: string; display: string; hasItalic: boolean };

const sheetsOf = (language: string) => {
  const script = scriptFamily(language);
  return [...LATIN_SHEETS, ...(script ? [`${script.package}/400.css`, `${script.package}/700.css`] : [])];
};

/** The @fontsource packages an edition is set in (content/books/manifest.json records their versions). */
export function bookFontPackages(language: string): string[] {
  return [...new Set(sheetsOf(language).map(dirnameOf))].sort();
}

export function bookFonts(language: string): BookFonts {
  const script = scriptFamily(language);
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
