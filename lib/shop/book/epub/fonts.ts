import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scriptOf } from '@/lib/i18n/scripts';

/**
 * The faces an edition's EPUB carries. Arabic, Bengali and Thai: the script's whole @fontsource
 * slice (Google's per-script subset, its shaping tables intact), regular and bold, as WOFF2,
 * 9–48 KB each: a reader without the script's font still joins Arabic and forms Bengali
 * conjuncts, and a buyer's name in that script on the title page is drawn too. A subset of the
 * book's own letters would miss such names, and subsetters that drop GSUB/GPOS break shaping.
 * CJK is left to the reader's fonts (every reading system sold with Japanese, Korean or Chinese
 * books has them; the slices would add megabytes), and so are Latin, Greek and Cyrillic.
 */
type EpubFont = { file: string; weight: 400 | 700; bytes: Uint8Array };
export type EpubFaces = { family?: string; fonts: EpubFont[] };

function embedded(language: string) {
  const script = scriptOf(language);
  const face = script?.static && 'family' in script.static ? script.static : undefined;
  const subset = script?.site?.subsets[0];
  return script && !script.cjk && face && subset ? { face, subset } : undefined;
}

/** The @fontsource packages an edition's EPUB embeds from (the manifest records their versions). */
export function epubFontPackages(language: string): string[] {
  const found = embedded(language);
  return found ? [found.face.package] : [];
}

export function epubFaces(language: string): EpubFaces {
  const found = embedded(language);
  if (!found) return { fonts: [] };
  const { face, subset } = found;
  const name = face.package.split('/')[1]!;
  const fonts = ([400, 700] as const).map((weight) => {
    const file = `${name}-${subset}-${weight}-normal.woff2`;
    return {
      file,
      weight,
      bytes: new Uint8Array(readFileSync(join(process.cwd(), 'node_modules', face.package, 'files', file))),
    };
  });
  return { family: face.family, fonts };
}
