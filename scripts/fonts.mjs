// Copies the self-hosted script fonts (from @fontsource-variable) into public/fonts and writes one
// stylesheet per script of lib/i18n/scripts.json. A page links only its own language's sheet
// (lib/i18n/fonts.ts), and each face is limited by unicode-range, so a Latin page downloads no CJK
// font and a Japanese page only the slices its text uses. Runs before `next build` and `next dev`;
// the output is not committed. `node scripts/fonts.mjs DIR` writes to DIR instead.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fontFaces } from '../lib/i18n/font-faces.mjs';

const require = createRequire(import.meta.url);
const OUT = process.argv[2] ?? join(process.cwd(), 'public', 'fonts');
/** @type {import('../lib/i18n/scripts.ts').ScriptTable} */
const table = JSON.parse(readFileSync(new URL('../lib/i18n/scripts.json', import.meta.url), 'utf8'));
const sheets = table.scripts.flatMap(({ site }) => (site ? [site] : []));

rmSync(OUT, { recursive: true, force: true });
for (const sheet of sheets) {
  // The names our stacks use (app/globals.css). Fraunces has no Cyrillic or Greek, so headings in
  // those scripts use Noto Serif (headingsOnly); body text keeps the platform font.
  const family = sheet.headingsOnly ? 'Amora Script Display' : 'Amora Script';
  const dir = dirname(require.resolve(`${sheet.package}/package.json`));
  // A face's name is `<font>-<subset>-wght-normal`; '[n]' stands for the numbered CJK slices.
  const prefix = `${sheet.package.split('/')[1]}-`;
  const keep = (/** @type {string} */ name) =>
    name.startsWith(prefix) &&
    name.endsWith('-wght-normal') &&
    sheet.subsets.includes(name.slice(prefix.length, -'-wght-normal'.length).replace(/^\[\d+\]$/, '[n]'));
  const faces = fontFaces(readFileSync(join(dir, 'index.css'), 'utf8')).filter(({ name }) => name && keep(name));
  if (faces.length === 0) throw new Error(`${sheet.package}: no font faces matched for ${sheet.sheet}`);
  mkdirSync(join(OUT, sheet.sheet), { recursive: true });
  const out = faces.map(({ block }) =>
    block
      .replace(/font-family: '[^']+'/, `font-family: '${family}'`)
      .replace(/url\(\.\/files\/([^)]+)\)/g, (_, file) => {
        copyFileSync(join(dir, 'files', file), join(OUT, sheet.sheet, file));
        return `url(/fonts/${sheet.sheet}/${file})`;
      }),
  );
  // The sheet names its family in the stacks of app/globals.css (html:root outranks their :root).
  const stacks = sheet.headingsOnly
    ? `--script-display-font: '${family}',;`
    : `--script-font: '${family}',; --script-display-font: '${family}',;`;
  writeFileSync(
    join(OUT, `${sheet.sheet}.css`),
    `/* ${sheet.package}, SIL Open Font License 1.1 */\nhtml:root { ${stacks} }\n${out.join('\n')}\n`,
  );
}
console.log(`fonts: wrote ${sheets.length} script stylesheets to ${OUT}`);
