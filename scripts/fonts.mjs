// Copies the self-hosted script fonts (from @fontsource-variable) into public/fonts and writes one
// stylesheet per script. A page links only its own language's sheet (lib/i18n/fonts.ts), and each
// face is limited by unicode-range, so a Latin page downloads no CJK font and a Japanese page only
// the slices its text uses. Runs before `next build` and `next dev`; the output is not committed.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const OUT = join(process.cwd(), 'public', 'fonts');
const LATIN = /-(latin|latin-ext|vietnamese|cyrillic|cyrillic-ext|greek|greek-ext|math|symbols)-wght/;

/**
 * family: the name our stacks use (app/globals.css); keep: which subsets of the package to ship.
 * @type {{ id: string, pkg: string, family: string, keep: (name: string) => boolean }[]}
 */
const sheets = [
  { id: 'jp', pkg: '@fontsource-variable/noto-sans-jp', family: 'Amora Script', keep: (name) => !LATIN.test(name) },
  { id: 'sc', pkg: '@fontsource-variable/noto-sans-sc', family: 'Amora Script', keep: (name) => !LATIN.test(name) },
  { id: 'kr', pkg: '@fontsource-variable/noto-sans-kr', family: 'Amora Script', keep: (name) => !LATIN.test(name) },
  {
    id: 'thai',
    pkg: '@fontsource-variable/noto-sans-thai',
    family: 'Amora Script',
    keep: (name) => /-thai-/.test(name),
  },
  {
    id: 'bengali',
    pkg: '@fontsource-variable/noto-sans-bengali',
    family: 'Amora Script',
    keep: (name) => /-bengali-/.test(name),
  },
  {
    id: 'arabic',
    pkg: '@fontsource-variable/noto-sans-arabic',
    family: 'Amora Script',
    keep: (name) => /-arabic-/.test(name),
  },
  // Fraunces has no Cyrillic or Greek, so headings in those scripts use Noto Serif; body text keeps the platform font.
  {
    id: 'cyrillic',
    pkg: '@fontsource-variable/noto-serif',
    family: 'Amora Script Display',
    keep: (name) => /-cyrillic(-ext)?-wght-normal/.test(name),
  },
  {
    id: 'greek',
    pkg: '@fontsource-variable/noto-serif',
    family: 'Amora Script Display',
    keep: (name) => /-greek(-ext)?-wght-normal/.test(name),
  },
];

rmSync(OUT, { recursive: true, force: true });
for (const sheet of sheets) {
  const dir = dirname(require.resolve(`${sheet.pkg}/package.json`));
  const css = readFileSync(join(dir, 'index.css'), 'utf8');
  const faces = [...css.matchAll(/\/\* (\S+) \*\/\s*(@font-face \{[^}]*\})/g)].filter(([, name]) =>
    sheet.keep(/** @type {string} */ (name)),
  );
  if (faces.length === 0) throw new Error(`${sheet.pkg}: no font faces matched for ${sheet.id}`);
  mkdirSync(join(OUT, sheet.id), { recursive: true });
  const out = faces.map(([, , face]) =>
    /** @type {string} */ (face)
      .replace(/font-family: '[^']+'/, `font-family: '${sheet.family}'`)
      .replace(/url\(\.\/files\/([^)]+)\)/g, (_, file) => {
        copyFileSync(join(dir, 'files', file), join(OUT, sheet.id, file));
        return `url(/fonts/${sheet.id}/${file})`;
      }),
  );
  // The sheet names its family in the stacks of app/globals.css (html:root outranks their :root).
  const stacks =
    sheet.family === 'Amora Script'
      ? `--script-font: '${sheet.family}',; --script-display-font: '${sheet.family}',;`
      : `--script-display-font: '${sheet.family}',;`;
  writeFileSync(
    join(OUT, `${sheet.id}.css`),
    `/* ${sheet.pkg}, SIL Open Font License 1.1 */\nhtml:root { ${stacks} }\n${out.join('\n')}\n`,
  );
}
console.log(`fonts: wrote ${sheets.length} script stylesheets to public/fonts`);
