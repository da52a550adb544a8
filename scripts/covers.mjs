// Draws the cover of every edition of The Love Blueprint (content/shop/editions.json) into
// public/images/covers/{id}.svg: the same blueprint drawing as the original English cover, in the
// edition's own palette, with its subtitle (manuscript.{id}.json), tagline, edition line and
// accessible name (cover-lines.json) in its own language.
//
// Every piece of text is drawn as outlines (<path>), shaped with fontkit from the static fonts of
// the @fontsource packages: a picture shown through <img> cannot load web fonts, and most devices
// have no Bengali, Thai, Arabic or CJK font to fall back on. Run with `node scripts/covers.mjs`;
// the output is committed.
import 'regenerator-runtime/runtime.js'; // @pdf-lib/fontkit's Indic and Thai shapers need it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { fontFaces, inRanges, isSymbolSlice } from '../lib/i18n/font-faces.mjs';

const ROOT = process.cwd();
const SHOP = join(ROOT, 'content', 'shop');
// `node scripts/covers.mjs DIR` writes the covers to DIR instead (to compare before committing).
const OUT = process.argv[2] ?? join(ROOT, 'public', 'images', 'covers');
const NODE_MODULES = join(ROOT, 'node_modules');

/** @param {string | URL} file */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** Which script each language is written in, and its static font. @type {import('../lib/i18n/scripts.ts').ScriptTable} */
const SCRIPTS = readJson(new URL('../lib/i18n/scripts.json', import.meta.url));

/** @typedef {import('@pdf-lib/fontkit').Font} Font */
/** @typedef {import('@pdf-lib/fontkit').Glyph} Glyph */
/**
 * @typedef {{
 *   bg: [string, string, string], glow: string, glowOpacity: number, line: string, grid: [number, number],
 *   house: string, node: string, script: string, subtitle: string, tagline: string,
 * }} Palette
 */

/* ------------------------------------------------------------------------------------------------
 * Palettes. en and fr are the two hand-drawn originals; the others keep the gold (#f2b84b) and
 * cream type on a deep background of their own.
 *   bg       three stops of the background gradient (top-left, middle, bottom-right)
 *   glow     the halo behind the drawing, and its opacity
 *   line     frame, grid, construction lines and small labels
 *   grid     opacity of the fine and the coarse grid
 *   house    the little house inside the heart
 *   node     fill of the four dots on the heart (a shade of the background)
 *   script   the word "Blueprint"
 *   subtitle, tagline
 * --------------------------------------------------------------------------------------------- */
const GOLD = '#f2b84b';
const CREAM = '#fff8f5';
const PEACH = '#ffd3c4';
/**
 * @param {Palette['bg']} bg
 * @param {string} glow
 * @param {number} glowOpacity
 * @returns {Palette}
 */
const deep = (bg, glow, glowOpacity, subtitle = '#fbe3ea') => ({
  bg,
  glow,
  glowOpacity,
  line: GOLD,
  grid: [0.12, 0.22],
  house: PEACH,
  node: bg[1],
  script: GOLD,
  subtitle,
  tagline: PEACH,
});

/** @type {Record<string, Palette>} */
const PALETTES = {
  en: deep(['#3d2347', '#2b1933', '#1c0f22'], '#b0234f', 0.45), // plum
  fr: {
    // rose
    bg: ['#c42b5a', '#b0234f', '#7a1636'],
    glow: '#ff8a65',
    glowOpacity: 0.35,
    line: CREAM,
    grid: [0.14, 0.24],
    house: CREAM,
    node: '#8a1a3d',
    script: PEACH,
    subtitle: CREAM,
    tagline: PEACH,
  },
  bn: deep(['#1d5154', '#163f42', '#0b2527'], '#3fb8a8', 0.3, '#e8f6f2'), // teal
  de: deep(['#2c4a2e', '#213a24', '#132315'], '#8fbf5a', 0.25, '#eef4e2'), // forest
  es: deep(['#5e1c2e', '#4a1524', '#2b0a14'], '#e0553f', 0.35), // burgundy
  ru: deep(['#1e2846', '#161d35', '#0a0e1c'], '#6f8fd8', 0.28, '#e9eefb'), // midnight navy
  'zh-CN': deep(['#7a1f22', '#64181b', '#3a0c0f'], '#ff7a3d', 0.3), // lacquer red
  ja: deep(['#2e3275', '#23275e', '#131538'], '#7c6fe0', 0.35, '#ecebfb'), // indigo
  th: deep(['#522050', '#41183f', '#250b24'], '#d9569e', 0.35), // aubergine
  pt: deep(['#472c1f', '#382216', '#20130b'], '#e08a3c', 0.3, '#fbeadc'), // chocolate
  nl: deep(['#35414f', '#28323e', '#161c24'], '#7fa6c9', 0.3, '#edf1f6'), // slate
  pl: deep(['#6a2c1c', '#552215', '#32130a'], '#ff9a52', 0.3, '#fde6da'), // mahogany
  uk: deep(['#1a4680', '#143869', '#0a1f3d'], '#4fa3e8', 0.3, '#e8f1fb'), // cobalt
  ar: deep(['#0f5440', '#0b4333', '#04261c'], '#3ccf95', 0.28, '#e4f6ee'), // emerald
  el: deep(['#134865', '#0f3a52', '#072232'], '#3fb4d9', 0.3, '#e6f4f9'), // aegean
  tl: deep(['#33292b', '#261e20', '#140f11'], '#f2b84b', 0.2, '#f8ece4'), // charcoal
  ko: deep(['#5a1a49', '#47143a', '#290a21'], '#ff5f8f', 0.35), // berry
};

/* ------------------------------------------------------------------------------------------------
 * Fonts: the static WOFF slices of @fontsource packages, each with the unicode-range its CSS gives.
 * --------------------------------------------------------------------------------------------- */

/**
 * One slice of a family: its file, the code points its CSS gives it, and the font once loaded.
 * @typedef {{ file: string, ranges: [number, number][], font: Font | undefined }} Face
 */
/** A font stack: families (each a list of faces) in order of preference. @typedef {Face[][]} Stack */

/** @type {Map<string, Face[]>} */
const families = new Map();

/**
 * The faces (one per unicode-range slice) of a @fontsource package in one weight and style.
 * @param {string} pkg
 * @returns {Face[]}
 */
function family(pkg, weight = 400, style = 'normal') {
  const key = `${pkg}/${weight}/${style}`;
  if (!families.has(key)) {
    const dir = join(NODE_MODULES, pkg);
    const css = readFileSync(join(dir, `${weight}${style === 'italic' ? '-italic' : ''}.css`), 'utf8');
    /** @type {Face[]} */
    const faces = [];
    for (const { urls, ranges } of fontFaces(css)) {
      const file = urls.find((url) => url.startsWith('./files/') && url.endsWith('.woff'));
      // The math and symbol slices claim letters they draw in a mathematical style.
      if (file && ranges && !isSymbolSlice(file)) faces.push({ file: join(dir, file), ranges, font: undefined });
    }
    families.set(key, faces);
  }
  return /** @type {Face[]} */ (families.get(key)); // set above
}

/** @param {Face} face */
const load = (face) => (face.font ??= fontkit.create(readFileSync(face.file)));
/**
 * @param {Face} face
 * @param {number} cp a code point
 */
const hasChar = (face, cp) => inRanges(face, cp) && load(face).hasGlyphForCodePoint(cp);
const IGNORABLE = /\p{Default_Ignorable_Code_Point}|\p{M}/u;

/**
 * The face that draws a character: the previous one if it can (spaces stay with their word), else the first in the stack.
 * @param {string} char one code point
 * @param {Stack} stack
 * @param {Face | undefined} previous
 * @returns {Face}
 */
function faceFor(char, stack, previous) {
  const cp = /** @type {number} */ (char.codePointAt(0));
  if (previous && (hasChar(previous, cp) || IGNORABLE.test(char))) return previous;
  for (const faces of stack) for (const face of faces) if (hasChar(face, cp)) return face;
  throw new Error(`covers: no font in the stack draws U+${cp.toString(16).toUpperCase().padStart(4, '0')} (${char})`);
}

/* ------------------------------------------------------------------------------------------------
 * Shaping: a line of text as positioned glyphs, in visual order, in ems.
 * --------------------------------------------------------------------------------------------- */

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
// Scripts whose letters join or stack: letter-spacing would break them apart.
const NO_TRACKING = /[\p{Script=Arabic}\p{Script=Bengali}\p{Script=Thai}\p{Script=Devanagari}]/u;

/**
 * The line cut into directional runs, in visual order. Enough bidi for a cover: a line with any
 * right-to-left letter is a right-to-left paragraph, in which numbers and Latin words (with the
 * neutrals between them) are left-to-right runs.
 * @param {string} text
 * @returns {{ text: string, rtl: boolean }[]}
 */
function bidiRuns(text) {
  const chars = [...text];
  if (!chars.some((c) => RTL.test(c))) return [{ text, rtl: false }];
  const kinds = chars.map((c) => (RTL.test(c) ? 'R' : /[\p{L}\p{N}]/u.test(c) ? 'L' : /\p{M}/u.test(c) ? 'M' : 'N'));
  kinds.forEach((kind, i) => {
    if (kind === 'M') kinds[i] = i > 0 ? /** @type {typeof kind} */ (kinds[i - 1]) : 'R';
  });
  /**
   * @param {number} from
   * @param {number} step
   */
  const strong = (from, step) => {
    for (let i = from; i >= 0 && i < kinds.length; i += step) if (kinds[i] !== 'N') return kinds[i];
    return 'R';
  };
  const resolved = kinds.map((kind, i) =>
    kind !== 'N' ? kind : strong(i - 1, -1) === 'L' && strong(i + 1, 1) === 'L' ? 'L' : 'R',
  );
  /** @type {{ text: string, rtl: boolean }[]} */
  const runs = [];
  chars.forEach((char, i) => {
    const rtl = resolved[i] === 'R';
    const last = runs.at(-1);
    if (last?.rtl === rtl) last.text += char;
    else runs.push({ text: char, rtl });
  });
  return runs.reverse();
}

/**
 * Consecutive characters drawn by the same face.
 * @param {string} text
 * @param {Stack} stack
 */
function fontRuns(text, stack) {
  /** @type {{ text: string, face: Face }[]} */
  const runs = [];
  /** @type {Face | undefined} */
  let face;
  for (const char of text) {
    face = faceFor(char, stack, face);
    const last = runs.at(-1);
    if (last?.face === face) last.text += char;
    else runs.push({ text: char, face });
  }
  return runs;
}

/**
 * A glyph placed on a line: its advance and offsets in ems.
 * @typedef {{ glyph: Glyph, em: number, advance: number, dx: number, dy: number }} PlacedGlyph
 */

/**
 * Glyphs with their advance and offsets in ems, left to right.
 * @param {string} text
 * @param {Stack} stack
 */
function shape(text, stack) {
  /** @type {PlacedGlyph[]} */
  const glyphs = [];
  for (const bidi of bidiRuns(text)) {
    const runs = fontRuns(bidi.text, stack);
    if (bidi.rtl) runs.reverse();
    for (const { text: part, face } of runs) {
      const font = load(face);
      const run = font.layout(part, undefined, undefined, undefined, bidi.rtl ? 'rtl' : 'ltr');
      run.glyphs.forEach((glyph, i) => {
        if (glyph.id === 0) throw new Error(`covers: ${face.file} has no glyph for part of "${part}"`);
        const p = /** @type {import('@pdf-lib/fontkit').GlyphPosition} */ (run.positions[i]); // one per glyph
        const em = font.unitsPerEm;
        glyphs.push({ glyph, em, advance: p.xAdvance / em, dx: p.xOffset / em, dy: p.yOffset / em });
      });
    }
  }
  return glyphs;
}

/**
 * A shaped line: its glyphs and how wide it is at a size, with letter-spacing between spacing glyphs.
 * @param {string} text
 * @param {Stack} stack
 */
function line(text, stack, spacing = 0) {
  const glyphs = shape(text, stack);
  const tracking = NO_TRACKING.test(text) ? 0 : spacing;
  // Spacing goes before every glyph that advances, except the first: marks stay on their base.
  const gaps = glyphs.filter((g, i) => i > 0 && g.advance > 0).length;
  const ems = glyphs.reduce((sum, g) => sum + g.advance, 0);
  return { text, glyphs, tracking, width: (/** @type {number} */ size) => ems * size + gaps * tracking, ems, gaps };
}
/** @typedef {ReturnType<typeof line>} Shaped */

/* ------------------------------------------------------------------------------------------------
 * Outlines: a shaped line as path data, coordinates rounded to a tenth of a pixel, relative
 * commands after the first move of each glyph.
 * --------------------------------------------------------------------------------------------- */

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10;
/** @param {number} n */
const num = (n) => {
  const text = String(round(n) || 0);
  return text.replace(/^(-?)0\./, '$1.');
};
// Numbers are separated by a space, or by nothing before a minus sign.
/** @param {number[]} values */
const list = (values) =>
  values
    .map(num)
    .map((text, i) => (i > 0 && !text.startsWith('-') ? ' ' : '') + text)
    .join('');

/**
 * @param {Glyph} glyph
 * @param {number} x
 * @param {number} y
 * @param {number} scale
 */
function glyphPath(glyph, x, y, scale) {
  let out = '';
  let [px, py] = [0, 0];
  let [sx, sy] = [0, 0];
  let first = true;
  let last = '';
  // A command repeated right after itself needs no letter.
  /**
   * @param {string} letter
   * @param {number[]} values
   */
  const emit = (letter, values) => {
    const text = list(values);
    out += (letter === last && letter !== 'm' ? (text.startsWith('-') ? '' : ' ') : letter) + text;
    last = letter;
  };
  for (const { command, args } of glyph.path.commands) {
    if (command === 'closePath') {
      out += 'z';
      last = 'z';
      [px, py] = [sx, sy];
      continue;
    }
    // Absolute page coordinates, rounded; the relative steps are taken between rounded points.
    /** @type {number[]} */
    const points = [];
    for (let i = 0; i < args.length; i += 2)
      points.push(
        round(x + /** @type {number} */ (args[i]) * scale),
        round(y - /** @type {number} */ (args[i + 1]) * scale),
      );
    const [ex, ey] = /** @type {[number, number]} */ (points.slice(-2)); // every command but closePath ends on a point
    const rel = points.map((v, i) => v - (i % 2 ? py : px));
    if (command === 'moveTo') {
      if (first) emit('M', points);
      else emit('m', rel);
      first = false;
      [sx, sy] = [ex, ey];
    } else if (command === 'lineTo') {
      if (ex === px && ey === py) continue;
      emit('l', rel);
    } else if (command === 'quadraticCurveTo') {
      emit('q', rel);
    } else if (command === 'bezierCurveTo') {
      emit('c', rel);
    }
    [px, py] = [ex, ey];
  }
  return out;
}

/** Where a line goes: (x, y) on the baseline, its size, and which point of it is at x. @typedef {{ x: number, y: number, size: number, anchor?: 'start' | 'middle' | 'end' }} Position */

/**
 * Path data of a shaped line at a size, its advance box placed by anchor at (x, y) on the baseline.
 * @param {Shaped} shaped
 * @param {Position} position
 */
function outline(shaped, { x, y, size, anchor = 'middle' }) {
  const width = shaped.width(size);
  let cursor = x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  let d = '';
  shaped.glyphs.forEach((g, i) => {
    if (i > 0 && g.advance > 0) cursor += shaped.tracking;
    const scale = size / g.em;
    d += glyphPath(g.glyph, cursor + g.dx * size, y - g.dy * size, scale);
    cursor += g.advance * size;
  });
  return d;
}

/* ------------------------------------------------------------------------------------------------
 * Text of one edition.
 * --------------------------------------------------------------------------------------------- */

// Languages written without spaces between words: lines break between words found by Intl.Segmenter.
const UNSPACED = new Set(SCRIPTS.scripts.flatMap((script) => (script.unspaced ? script.locales : [])));
const MAX_WIDTH = 480;
// Letters that look small next to Latin capitals at the same size get a little more.
const COMPLEX = /[\p{Script=Arabic}\p{Script=Bengali}\p{Script=Thai}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/**
 * @param {string} text
 * @param {number} base
 * @param {{ complex?: number, cjk?: number }} sizes
 */
const sizeFor = (text, base, { complex = base, cjk = base }) =>
  COMPLEX.test(text) ? complex : CJK.test(text) ? cjk : base;

/** @param {string} lang */
function stacks(lang) {
  // The script's own static font, the one its book is set in (lib/i18n/scripts.json).
  const fonts = SCRIPTS.scripts.find((script) => script.locales.includes(lang))?.static;
  const script = fonts && 'package' in fonts ? fonts.package : undefined;
  const own = (/** @type {number} */ weight) => (script ? [family(script, weight)] : []);
  const fallback = [family('@fontsource/noto-sans-jp')]; // symbols such as ∞
  return {
    title: [family('@fontsource/fraunces', 400)],
    titleItalic: [family('@fontsource/fraunces', 400, 'italic')],
    serif: [...own(400), family('@fontsource/noto-serif', 400, 'italic'), ...fallback],
    sans: [...own(400), family('@fontsource/inter', 400), ...fallback],
    bold: [family('@fontsource/inter', 700), ...own(700), ...fallback],
    label: [family('@fontsource/inter', 400), ...fallback],
  };
}

/**
 * The largest size up to `max` at which the line fits the cover's measure.
 * @param {Shaped} shaped
 * @param {number} max
 */
const fit = (shaped, max) =>
  Math.min(max, Math.floor(((MAX_WIDTH - shaped.gaps * shaped.tracking) / shaped.ems) * 10) / 10);

/**
 * Where a subtitle may break: between words (spaces, or Intl.Segmenter's words where there are none).
 * @param {string} text
 * @param {string} lang
 */
function breaks(text, lang) {
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  /** @type {[string, string][]} */
  const cuts = [];
  for (const { index } of segmenter.segment(text)) {
    if (index === 0) continue;
    const [before, after] = [text.slice(0, index), text.slice(index)];
    if (!UNSPACED.has(lang) && !/\s$/.test(before) && !/^\s/.test(after)) continue;
    // No line starts with closing punctuation or ends with opening punctuation.
    if (/^\s*[\p{Pe}\p{Pf}\p{Po}]/u.test(after) || /[\p{Ps}\p{Pi}]\s*$/u.test(before)) continue;
    cuts.push([before.trimEnd(), after.trimStart()]);
  }
  return cuts.filter(([a, b]) => a && b);
}

/**
 * The subtitle as one line (shrunk to at least 15px) or, if that is not enough, two balanced lines.
 * @param {string} text
 * @param {string} lang
 * @param {Stack} stack
 */
function subtitleLines(text, lang, stack) {
  const whole = line(text, stack);
  const size = fit(whole, 22);
  if (size >= 15) return { size, lines: [whole] };
  let best;
  for (const [a, b] of breaks(text, lang)) {
    /** @type {[Shaped, Shaped]} */
    const lines = [line(a, stack), line(b, stack)];
    const twoSize = Math.min(...lines.map((l) => fit(l, 19)));
    const balance = Math.abs(lines[0].ems - lines[1].ems);
    if (!best || twoSize > best.size || (twoSize === best.size && balance < best.balance))
      best = { size: twoSize, lines, balance };
  }
  if (!best) throw new Error(`covers: subtitle "${text}" is too long for one line and has nowhere to break`);
  return best;
}

/** @param {string} text */
const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** @param {string} id */
const ids = (id) => id.replace(/[^a-zA-Z0-9-]/g, '-');

/**
 * The cover of one edition, as SVG.
 * @param {{ id: string, lang: string, subtitle: string, tagline: string, edition: string, alt: string, palette: Palette }} edition
 */
function cover({ id, lang, subtitle, tagline, edition, alt, palette }) {
  const s = stacks(lang);
  const p = palette;
  const i = ids(id);
  /** @type {(shaped: Shaped, position: Position, attrs: string) => string} */
  const path = (shaped, position, attrs) => `<path d="${outline(shaped, position)}" ${attrs}/>`;

  // Subtitle, then the tagline below it; everything stays above the rule over AMORA (y 776).
  const sub = subtitleLines(subtitle, lang, s.serif);
  const subYs = sub.lines.length === 1 ? [706] : [700, round(700 + sub.size * 1.32)];
  const tag = line(tagline, s.sans, 1.4);
  const tagSize = fit(tag, sizeFor(tagline, 12.5, { complex: 13.5 }));
  const tagY = sub.lines.length === 1 ? 740 : round(/** @type {number} */ (subYs[1]) + 32); // two lines, two ys
  if (tagY > 762) throw new Error(`covers: ${id}: the tagline would touch the rule`);
  const editionLine = line(edition.toLocaleUpperCase(lang), s.sans, 3.5);
  const editionSize = fit(editionLine, sizeFor(edition, 9.5, { complex: 11, cjk: 10.5 }));

  /** @type {[Shaped, Position][]} */
  const labels = [
    [line('FIG. 01', s.label, 2), { x: 70, y: 70, size: 9.5, anchor: 'start' }],
    [line('1 : 1', s.label, 2), { x: 532, y: 70, size: 9.5, anchor: 'end' }],
  ];
  /** @type {[Shaped, Position][]} */
  const marks = [
    [line('1 + 1', s.label, 1), { x: 300, y: 125.1, size: 11 }],
    [line('∞', s.label, 1), { x: 478.9, y: 292.6, size: 18 }],
    [line('R 85', s.label, 1), { x: 138, y: 152, size: 11 }],
    [line('90°', s.label, 1), { x: 300, y: 386, size: 9.5 }],
  ];

  const layout = `subtitle ${sub.size}px × ${sub.lines.length}, tagline ${tagSize}px`;
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 900" width="600" height="900" role="img" aria-label="The Love Blueprint – ${escapeXml(alt)}">
<title>The Love Blueprint – ${escapeXml(alt)}</title>
<defs>
<linearGradient id="${i}-bg" x1="0" y1="0" x2="0.35" y2="1">
<stop offset="0" stop-color="${p.bg[0]}"/><stop offset="0.55" stop-color="${p.bg[1]}"/><stop offset="1" stop-color="${p.bg[2]}"/>
</linearGradient>
<radialGradient id="${i}-glow" cx="300" cy="300" r="260" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="${p.glow}" stop-opacity="${p.glowOpacity}"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/>
</radialGradient>
<radialGradient id="${i}-vig" cx="0.55" cy="0.45" r="0.8">
<stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
</radialGradient>
<linearGradient id="${i}-sheen" x1="0" y1="0" x2="1" y2="0.6">
<stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.38" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.07"/><stop offset="0.62" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
</linearGradient>
<linearGradient id="${i}-spine" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#000" stop-opacity="0.5"/><stop offset="0.45" stop-color="#000" stop-opacity="0.18"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/>
</linearGradient>
<linearGradient id="${i}-crease" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
</linearGradient>
<pattern id="${i}-grid" width="20" height="20" patternUnits="userSpaceOnUse" x="50" y="0">
<path d="M20 0H0V20" fill="none" stroke="${p.line}" stroke-width="0.5" stroke-opacity="${p.grid[0]}"/>
</pattern>
<pattern id="${i}-grid5" width="100" height="100" patternUnits="userSpaceOnUse" x="50" y="0">
<path d="M100 0H0V100" fill="none" stroke="${p.line}" stroke-width="0.8" stroke-opacity="${p.grid[1]}"/>
</pattern>
<linearGradient id="${i}-fade" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.62" stop-color="#fff" stop-opacity="0.15"/><stop offset="1" stop-color="#fff" stop-opacity="0.05"/>
</linearGradient>
<mask id="${i}-gm" maskUnits="userSpaceOnUse" x="0" y="0" width="600" height="900"><rect x="0" y="0" width="600" height="900" fill="url(#${i}-fade)"/></mask>
</defs>
<rect width="600" height="900" fill="url(#${i}-bg)"/>
<rect width="600" height="900" fill="url(#${i}-glow)"/>
<g mask="url(#${i}-gm)">
<rect x="24" y="0" width="576" height="900" fill="url(#${i}-grid)"/>
<rect x="24" y="0" width="576" height="900" fill="url(#${i}-grid5)"/>
</g>
<g fill="none" stroke="${p.line}">
<rect x="44" y="30" width="512" height="840" stroke-width="1" stroke-opacity="0.55"/>
<rect x="50" y="36" width="500" height="828" stroke-width="0.5" stroke-opacity="0.35"/>
</g>
<path d="M58 30V44M44 44H58M542 30V44M556 44H542M58 870V856M44 856H58M542 870V856M556 856H542" fill="none" stroke="${GOLD}" stroke-width="1.2" stroke-opacity="0.8"/>
<g fill="${p.line}" fill-opacity="0.75">
${labels.map(([shaped, at]) => path(shaped, at, '')).join('\n')}
</g>
<g fill="none" stroke="${p.line}" stroke-width="0.7" stroke-opacity="0.5">
<circle cx="240" cy="240" r="84.9" stroke-dasharray="3 4"/>
<circle cx="360" cy="240" r="84.9" stroke-dasharray="3 4"/>
<path d="M300 180L420 300L300 420L180 300Z" stroke-dasharray="3 4"/>
<path d="M300 9V460M125.1 240H474.9" stroke-dasharray="14 4 2 4"/>
<path d="M240 234v12m-6 -6h12M360 234v12m-6 -6h12"/>
</g>
<g fill="none" stroke="${p.line}" stroke-width="0.8" stroke-opacity="0.85">
<path d="M155.1 232V113.1M444.9 232V113.1"/>
<path d="M155.1 121.1H274M326 121.1H444.9"/>
<path d="M151.1 125.1l8 -8M440.9 125.1l8 -8"/>
<path d="M452.9 155.1H486.9M314 420H486.9"/>
<path d="M478.9 155.1V273.6M478.9 301.6V420"/>
<path d="M474.9 159.1l8 -8M474.9 424l8 -8"/>
<path d="M240 240L180 180L158 158H118"/>
<path d="M281.6 401.6A26 26 0 0 1 318.4 401.6"/>
</g>
<circle cx="180" cy="180" r="2" fill="${p.line}"/>
<g fill="${p.line}">
${marks.map(([shaped, at]) => path(shaped, at, '')).join('\n')}
</g>
<g fill="none" stroke="${p.house}" stroke-width="1.1" stroke-opacity="0.8" stroke-linejoin="round">
<path d="M262 370V308L300 274L338 308V370Z"/>
<path d="M252 316L300 266L348 316"/>
<path d="M290 370V340H310V370"/>
<path d="M300 320c-3 -6 -11 -5 -11 1c0 5 7 9 11 13c4 -4 11 -8 11 -13c0 -6 -8 -7 -11 -1z"/>
<path d="M252 370H348" stroke-dasharray="2 3"/>
</g>
<path d="M300 420L180 300A84.9 84.9 0 0 1 300 180A84.9 84.9 0 0 1 420 300Z" fill="${GOLD}" fill-opacity="0.06" stroke="${GOLD}" stroke-width="5" stroke-opacity="0.18" stroke-linejoin="round"/>
<path d="M300 420L180 300A84.9 84.9 0 0 1 300 180A84.9 84.9 0 0 1 420 300Z" fill="none" stroke="${GOLD}" stroke-width="2.2" stroke-linejoin="round"/>
<circle cx="180" cy="300" r="3" fill="${p.node}" stroke="${GOLD}" stroke-width="1.2"/>
<circle cx="300" cy="180" r="3" fill="${p.node}" stroke="${GOLD}" stroke-width="1.2"/>
<circle cx="420" cy="300" r="3" fill="${p.node}" stroke="${GOLD}" stroke-width="1.2"/>
<circle cx="300" cy="420" r="3" fill="${p.node}" stroke="${GOLD}" stroke-width="1.2"/>
${path(line('The Love', s.title), { x: 300, y: 548, size: 68 }, `fill="${CREAM}"`)}
${path(line('Blueprint', s.titleItalic), { x: 300, y: 628, size: 76 }, `fill="${p.script}"`)}
<g fill="none" stroke="${GOLD}" stroke-width="0.9"><path d="M190 662H284M316 662H410" stroke-opacity="0.8"/></g>
<path d="M300 668c-5 -4 -10 -7 -10 -11c0 -4 6 -6 10 -1c4 -5 10 -3 10 1c0 4 -5 7 -10 11z" fill="${GOLD}"/>
${sub.lines.map((shaped, n) => path(shaped, { x: 300, y: /** @type {number} */ (subYs[n]), size: sub.size }, `fill="${p.subtitle}"`)).join('\n')}
${path(tag, { x: 300, y: tagY, size: tagSize }, `fill="${p.tagline}"`)}
<path d="M260 776H340" stroke="${p.line}" stroke-width="0.7" stroke-opacity="0.6"/>
${path(line('AMORA', s.bold, 10), { x: 300, y: 812, size: 19 }, `fill="${CREAM}"`)}
${path(editionLine, { x: 300, y: 834, size: editionSize }, `fill="${GOLD}"`)}
<rect width="600" height="900" fill="url(#${i}-vig)"/>
<rect width="600" height="900" fill="url(#${i}-sheen)"/>
<rect x="0" y="0" width="24" height="900" fill="url(#${i}-spine)"/>
<rect x="24" y="0" width="10" height="900" fill="url(#${i}-crease)"/>
<path d="M24.5 0V900" stroke="#fff" stroke-opacity="0.12" stroke-width="1"/>
</svg>
`;
  return { svg, layout };
}

/* ------------------------------------------------------------------------------------------------ */

const editions = readJson(join(SHOP, 'editions.json'));
const coverLines = readJson(join(SHOP, 'cover-lines.json'));
const bookLabels = readJson(join(SHOP, 'book-labels.json'));

mkdirSync(OUT, { recursive: true });
for (const { id, language } of editions) {
  const lines = coverLines[id];
  const palette = PALETTES[id];
  if (!lines || !palette)
    throw new Error(
      `covers: ${id} needs an entry in content/shop/cover-lines.json and a palette in scripts/covers.mjs`,
    );
  const { subtitle } = readJson(join(SHOP, `manuscript.${id}.json`));
  const edition = lines.edition ?? bookLabels[id]?.edition;
  const { svg, layout } = cover({
    id,
    lang: language ?? id,
    subtitle,
    tagline: lines.tagline,
    edition,
    alt: lines.alt,
    palette,
  });
  writeFileSync(join(OUT, `${id}.svg`), svg);
  console.log(`covers: ${id}.svg, ${(Buffer.byteLength(svg) / 1024).toFixed(1)} KB (${layout})`);
}
