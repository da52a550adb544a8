import 'regenerator-runtime/runtime.js';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import wawoff from 'wawoff2';
import { createLru } from '@/lib/cache/lru';

/**
 * The fonts a stamp needs for a buyer's name in any script: the Noto faces the site already
 * serves (public/fonts/*.css, one woff2 slice per unicode range), turned into TrueType (PDFs
 * embed TrueType, not WOFF2) on first use and kept in a small bounded cache.
 * (`regenerator-runtime` is needed by @pdf-lib/fontkit's Indic and Thai shapers.)
 */
const FONTS_DIR = join(process.cwd(), 'public', 'fonts');
// Sans faces first; CJK: Japanese covers kana and kanji, Korean hangul, Chinese the rest of Han.
const FAMILY_ORDER = ['arabic', 'bengali', 'thai', 'greek', 'cyrillic', 'jp', 'kr', 'sc'];

export type Face = { file: string; ranges: [number, number][] };

/** Every @font-face of the site's script fonts, in preference order. */
export function readFaces(dir = FONTS_DIR): Face[] {
  const sheets = readdirSync(dir)
    .filter((name) => name.endsWith('.css'))
    .sort((a, b) => rank(a) - rank(b));
  const faces: Face[] = [];
  for (const sheet of sheets) {
    for (const block of readFileSync(join(dir, sheet), 'utf8').split('@font-face').slice(1)) {
      const url = /url\(\/fonts\/([^)]+\.woff2)\)/.exec(block)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
      // The math and symbol slices claim Greek and Latin letters in a mathematical style: not for names.
      if (!url || !range || /-(math|symbols)-/.test(url)) continue;
      faces.push({ file: join(dir, url), ranges: range.split(',').map(parseRange) });
    }
  }
  return faces;
}

const rank = (sheet: string) => {
  const index = FAMILY_ORDER.indexOf(sheet.replace(/\.css$/, ''));
  return index < 0 ? FAMILY_ORDER.length : index;
};

function parseRange(token: string): [number, number] {
  const [lo, hi] = token.trim().replace(/^U\+/i, '').split('-');
  return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)];
}

const covers = (face: Face, codePoint: number) => face.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi);

let faces: Face[] | undefined;

/** The first face whose range includes this character, if any. */
export function faceFor(codePoint: number): Face | undefined {
  faces ??= readFaces();
  return faces.find((face) => covers(face, codePoint));
}

// A few dozen slices at most are ever used at once (a name rarely spans more than two scripts).
const truetype = createLru<Uint8Array>({ maxEntries: 48, maxBytes: 48 * 1024 * 1024, sizeOf: (bytes) => bytes.byteLength });
const DAY = 24 * 60 * 60 * 1000;

/** The face as TrueType bytes, ready for pdf-lib's embedFont. */
export async function truetypeOf(face: Face): Promise<Uint8Array> {
  const cached = truetype.get(face.file);
  if (cached) return cached;
  // A copy: the decompressor answers with a view into its own memory, which its next call reuses.
  const bytes = (await wawoff.decompress(readFileSync(face.file))).slice();
  truetype.set(face.file, bytes, DAY);
  return bytes;
}

export { fontkit };
