import 'regenerator-runtime/runtime.js';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fontkit, { type Font as FontkitFont } from '@pdf-lib/fontkit';
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
// A name may be written in a script no page of the site uses (a Hindi or Tamil name, say): those
// get a static face from @fontsource, its script's slice only, tried after the site's own. Noto's
// Gurmukhi, Telugu, Malayalam and Gujarati faces crash fontkit's mark positioning on common names
// (ਸਿੰਘ, శ్రీనివాస్, മുഹമ്മദ്, અંબાણી), so those use Mukta Mahee, Hind Guntur, Anek Malayalam, Hind Vadodara.
const NAME_ONLY_FACES = [
  ...[
    ...['devanagari', 'hebrew', 'tamil', 'kannada', 'oriya', 'sinhala'],
    ...['georgian', 'armenian', 'ethiopic', 'khmer', 'lao', 'myanmar'],
  ].map((script) => ({ family: `noto-sans-${script}`, script })),
  { family: 'mukta-mahee', script: 'gurmukhi' },
  { family: 'hind-guntur', script: 'telugu' },
  { family: 'anek-malayalam', script: 'malayalam' },
  { family: 'hind-vadodara', script: 'gujarati' },
  // Latin letters beyond Latin-1 (Ĝ, ễ) next to Helvetica: Inter is drawn much like it.
  { family: 'inter', script: 'latin-ext' },
  { family: 'inter', script: 'vietnamese' },
];
const FONTSOURCE_DIR = join(process.cwd(), 'node_modules', '@fontsource');

export type Face = { file: string; ranges: [number, number][] };

/**
 * Every @font-face of the site's script fonts in preference order, with the name-only scripts' faces
 * before the CJK slices: those slices' unicode-ranges also list some Devanagari and Armenian letters
 * they have no glyph for, which would print as boxes.
 */
function readFaces(dir = FONTS_DIR, fontsource = FONTSOURCE_DIR): Face[] {
  const isCjk = (sheet: string) => CJK_SHEETS.includes(sheet.replace(/\.css$/, ''));
  return [...siteFaces(dir, (sheet) => !isCjk(sheet)), ...nameOnlyFaces(fontsource), ...siteFaces(dir, isCjk)];
}

const CJK_SHEETS = ['jp', 'kr', 'sc'];

function siteFaces(dir: string, include: (sheet: string) => boolean): Face[] {
  const sheets = readdirSync(dir)
    .filter((name) => name.endsWith('.css') && include(name))
    .sort((a, b) => rank(a) - rank(b));
  const faces: Face[] = [];
  for (const sheet of sheets) {
    for (const block of readFileSync(join(dir, sheet), 'utf8').split('@font-face').slice(1)) {
      const url = /url\(\/fonts\/([^)]+\.woff2)\)/.exec(block)?.[1];
      const ranges = rangesOf(block);
      // The math and symbol slices claim Greek and Latin letters in a mathematical style: not for names.
      if (url && ranges && !/-(math|symbols)-/.test(url)) faces.push({ file: join(dir, url), ranges });
    }
  }
  return faces;
}

function nameOnlyFaces(fontsource: string): Face[] {
  return NAME_ONLY_FACES.flatMap(({ family, script }) => {
    const packageDir = join(fontsource, family);
    const css = readFileSync(join(packageDir, '400.css'), 'utf8');
    const block = new RegExp(`/\\* ${family}-${script}-400-normal \\*/\\s*@font-face \\{[^}]*\\}`).exec(css)?.[0] ?? '';
    const url = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(block)?.[1];
    const ranges = rangesOf(block);
    return url && ranges ? [{ file: join(packageDir, url), ranges }] : [];
  });
}

const rangesOf = (block: string) => /unicode-range:\s*([^;]+);/.exec(block)?.[1]?.split(',').map(parseRange);

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

/**
 * The first face that really draws this character. A slice's unicode-range can list letters the
 * font has no glyph for (Noto Sans Arabic's Latin slices, some CJK slices): a browser falls back
 * glyph by glyph, but a stamp would print a box.
 */
export async function faceWithGlyph(codePoint: number): Promise<Face | undefined> {
  faces ??= readFaces();
  for (const face of faces) {
    if (covers(face, codePoint) && (await fontOf(face)).hasGlyphForCodePoint(codePoint)) return face;
  }
  return undefined;
}

// Parsed once per cached TrueType: an entry goes when the LRU below lets its bytes go.
const parsed = new WeakMap<Uint8Array, FontkitFont>();

/** The face parsed by fontkit, for its character map and shaping. */
export async function fontOf(face: Face): Promise<FontkitFont> {
  const bytes = await truetypeOf(face);
  let font = parsed.get(bytes);
  if (!font) parsed.set(bytes, (font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))));
  return font;
}

// A few dozen slices at most are ever used at once (a name rarely spans more than two scripts).
const truetype = createLru<Uint8Array>({
  maxEntries: 48,
  maxBytes: 48 * 1024 * 1024,
  sizeOf: (bytes) => bytes.byteLength,
});
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
