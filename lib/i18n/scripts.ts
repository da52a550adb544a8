import table from './scripts.json';

/**
 * The one table of scripts and their fonts (scripts.json, JSON so that the build scripts in
 * scripts/*.mjs read it too): which script each language is written in, and which @fontsource
 * packages draw it on the site, in the book and on the covers, and on the stamp.
 */
export type Script = {
  script: string;
  locales: string[];
  /** Slices of other scripts' letters in the unicode-ranges (the stamp tries these faces last). */
  cjk?: boolean;
  /** Written without spaces between words. */
  unspaced?: boolean;
  /** The site's stylesheet public/fonts/<sheet>.css (scripts/fonts.mjs), from a variable font. */
  site?: { sheet: string; package: string; subsets: string[]; headingsOnly?: boolean };
  /** Static fonts (PDFs, outlines): Latin's sheets every book gets, or a script's package and family. */
  static?: { sheets: string[] } | { package: string; family: string };
};

export type ScriptTable = { scripts: Script[]; nameOnly: { package: string; subset: string }[] };

export const scriptTable: ScriptTable = table;

/** The script a language is written in (scripts.test.ts checks every locale has one). */
export function scriptOf(locale: string): Script | undefined {
  return scriptTable.scripts.find((script) => script.locales.includes(locale));
}

/** The site's script stylesheets in the order the stamp prefers them. */
export const siteSheets = scriptTable.scripts.flatMap(({ site, cjk = false }) => (site ? [{ ...site, cjk }] : []));
