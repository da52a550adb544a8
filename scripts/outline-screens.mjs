// Builds the app-screen pictures (assets/screens/*.svg) into public/images/screens with every
// <text> turned into a <path> in Inter. A browser lays out an SVG picture's text on the main thread,
// in a document of its own, each time the picture is shown: on the home page the hero phone alone
// took tens of milliseconds of a slow phone's CPU. Outlines draw the same letters with no font
// lookup, shaping or layout, and look the same on every platform.
// Runs before `next build` and `next dev`; the output is not committed. `node scripts/outline-screens.mjs DIR`
// writes the pictures to DIR instead (to compare).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';

const require = createRequire(import.meta.url);
const SOURCE = join(process.cwd(), 'assets', 'screens');
const OUT = process.argv[2] ?? join(process.cwd(), 'public', 'images', 'screens');

/** @typedef {import('@pdf-lib/fontkit').Font} Font */
/** @typedef {import('@pdf-lib/fontkit').Glyph} Glyph */
/** @typedef {import('@pdf-lib/fontkit').Path} Path */
/** A weight of Inter and the pair kerning of its glyphs (by id), in font units. @typedef {{ font: Font, kerning: (left: number, right: number) => number }} Face */
/** Inter's static weights by number (400…800). @typedef {Map<number, Face>} Fonts */
/** A stretch of text in one weight (a font-weight attribute's value; undefined: normal). @typedef {{ text: string, weight: string | undefined }} Run */

/**
 * Inter's static weights, parsed once.
 * @returns {Fonts}
 */
export function loadInter() {
  const dir = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  /** @type {Fonts} */
  const fonts = new Map();
  for (const weight of [400, 500, 600, 700, 800]) {
    const font = fontkit.create(readFileSync(join(dir, `inter-latin-${weight}-normal.woff`)));
    fonts.set(weight, { font, kerning: pairKerning(font) });
  }
  return fonts;
}

/*
 * What pairKerning reads of the GPOS table fontkit decodes (see its tables/opentype.js and GPOS.js;
 * its declarations leave the tables out). A LazyArray decodes an item when asked for it.
 */
/**
 * @template T
 * @typedef {{ length: number, get(index: number): T }} LazyArray
 */
/** @typedef {{ version: 1, glyphs: number[] } | { version: 2, rangeRecords: { start: number, end: number, startCoverageIndex: number }[] }} Coverage */
/** @typedef {{ version: 1, startGlyph: number, classValueArray: number[] } | { version: 2, classRangeRecord: { start: number, end: number, class: number }[] }} ClassDef */
/** A value record has the fields its format names. @typedef {{ xAdvance?: number }} ValueRecord */
/**
 * A pair adjustment subtable: pairs of glyphs (format 1) or of glyph classes (format 2).
 * @typedef {{ version: 1, coverage: Coverage, pairSets: LazyArray<{ secondGlyph: number, value1: ValueRecord }[]> }
 *   | { version: 2, coverage: Coverage, classDef1: ClassDef, classDef2: ClassDef, classRecords: LazyArray<LazyArray<{ value1: ValueRecord }>> }} PairPos
 */
/**
 * @typedef {{
 *   scriptList: { tag: string, script: { defaultLangSys: { featureIndexes: number[] } | null } }[],
 *   featureList: { tag: string, feature: { lookupListIndexes: number[] } }[],
 *   lookupList: LazyArray<{ lookupType: number, subTables: PairPos[] }>,
 * }} Gpos
 */

/**
 * @param {Coverage} coverage
 * @param {number} glyph
 */
function coverageIndex(coverage, glyph) {
  if (coverage.version === 1) return coverage.glyphs.indexOf(glyph);
  const range = coverage.rangeRecords.find(({ start, end }) => start <= glyph && glyph <= end);
  return range ? range.startCoverageIndex + glyph - range.start : -1;
}

/**
 * @param {ClassDef} classDef
 * @param {number} glyph
 */
function classOf(classDef, glyph) {
  if (classDef.version === 1) return classDef.classValueArray[glyph - classDef.startGlyph] ?? 0;
  return classDef.classRangeRecord.find(({ start, end }) => start <= glyph && glyph <= end)?.class ?? 0;
}

/**
 * Pair kerning as these outlines have always had it (they were drawn with opentype.js, whose rule
 * this is): the pair-adjustment lookups of the `kern` feature of the DFLT script (else latn), and
 * in them the first subtable that covers the left glyph and has a value for the pair. Inter's
 * letter pairs are kerned behind an extension lookup, so this kerns figures and punctuation only.
 * fontkit's layout() kerns otherwise: it applies the extension lookup too, adds up every lookup,
 * and applies those of the font's DFLT `kern` (which lists them twice) twice; it would move the
 * letters of dozens of the labels' pairs.
 * @param {Font} font
 * @returns {Face['kerning']}
 */
function pairKerning(font) {
  const gpos = /** @type {{ GPOS?: Gpos }} */ (/** @type {unknown} */ (font)).GPOS;
  if (!gpos) return () => 0;
  const script = gpos.scriptList.find(({ tag }) => tag === 'DFLT') ?? gpos.scriptList.find(({ tag }) => tag === 'latn');
  const kern = (script?.script.defaultLangSys?.featureIndexes ?? [])
    .map((index) => /** @type {Gpos['featureList'][number]} */ (gpos.featureList[index])) // indexes into the list
    .find(({ tag }) => tag === 'kern');
  const lookups = (kern?.feature.lookupListIndexes ?? [])
    .map((index) => gpos.lookupList.get(index))
    .filter(({ lookupType }) => lookupType === 2);
  return (left, right) => {
    for (const { subTables } of lookups)
      for (const table of subTables) {
        const index = coverageIndex(table.coverage, left);
        if (index < 0) continue;
        if (table.version === 2)
          return (
            table.classRecords.get(classOf(table.classDef1, left)).get(classOf(table.classDef2, right)).value1
              .xAdvance ?? 0
          );
        const pair = table.pairSets.get(index).find(({ secondGlyph }) => secondGlyph === right);
        if (pair) return pair.value1.xAdvance ?? 0;
      }
    return 0;
  };
}

const INHERITED = ['font-size', 'font-weight', 'text-anchor', 'letter-spacing'];
const KEPT_ON_PATH = ['fill', 'opacity', 'fill-opacity', 'transform'];

/**
 * @param {string} source an element's attributes as written
 * @returns {Record<string, string>}
 */
const parseAttributes = (source) =>
  Object.fromEntries(
    [...source.matchAll(/([\w:-]+)="([^"]*)"/g)].map(
      ([, name, value]) => /** @type {[string, string]} */ ([name, value]),
    ),
  );

/** @param {string} text */
const decode = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** @param {string | undefined} value a font-weight */
const weightOf = (value) => {
  const weight = value === 'bold' ? 700 : value === 'normal' || value === undefined ? 400 : Number(value);
  return [400, 500, 600, 700, 800].reduce(
    (best, w) => (Math.abs(w - weight) < Math.abs(best - weight) ? w : best),
    400,
  );
};

/**
 * One line of text as path data, placed as SVG places it: x, y on the baseline, text-anchor over
 * the whole line, letter-spacing after every glyph but the last. A run is a stretch in one weight
 * (the text itself or one of its <tspan>s).
 * @param {Run[]} runs
 * @param {{ x: number, y: number, size: number, anchor: string, spacing: number }} position
 * @param {Fonts} fonts
 */
function outline(runs, { x, y, size, anchor, spacing }, fonts) {
  const glyphs = runs.flatMap(({ text, weight }) => {
    const face = /** @type {Face} */ (fonts.get(weightOf(weight))); // weightOf gives one of the weights loadInter loads
    // Character by character, with no substitutions: these labels need none.
    return [...text].map((char) => ({
      face,
      glyph: face.font.glyphForCodePoint(/** @type {number} */ (char.codePointAt(0))), // .notdef if Inter has none
    }));
  });
  const advances = glyphs.map(({ face, glyph }, i) => {
    const next = glyphs[i + 1];
    const kerning = next && next.face === face ? face.kerning(glyph.id, next.glyph.id) : 0;
    return ((glyph.advanceWidth + kerning) * size) / face.font.unitsPerEm + spacing;
  });
  const width = advances.reduce((a, b) => a + b, 0) - (glyphs.length ? spacing : 0);
  let cursor = x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  let d = '';
  glyphs.forEach(({ face, glyph }, i) => {
    d += glyphPath(glyph, (1 / face.font.unitsPerEm) * size, cursor, y);
    cursor += /** @type {number} */ (advances[i]); // one per glyph
  });
  return d;
}

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10;
/** @param {number} n */
const num = (n) => {
  const text = String(round(n) || 0);
  return text.replace(/^(-?)0\./, '$1.');
};
/**
 * @param {number} x
 * @param {number} y
 */
const pair = (x, y) => `${num(x)}${y < 0 ? '' : ' '}${num(y)}`;

/**
 * A glyph drawn at the origin, written with relative commands and moved to (x, y) by its first
 * move only. The same letter at the same size then gives the same text wherever it stands,
 * which gzip stores once; coordinates are rounded to a tenth of a pixel.
 * @param {Glyph} glyph
 * @param {number} scale pixels per font unit
 * @param {number} x
 * @param {number} y
 */
function glyphPath(glyph, scale, x, y) {
  let out = '';
  let [px, py] = [0, 0];
  let first = true;
  for (const { command, args } of unclosed(glyph.path.commands)) {
    // Font units, y up, to pixels, y down; each command ends on its last point.
    const points = args.map((v, i) => round(i % 2 ? -v * scale : v * scale));
    const [ex, ey] = /** @type {[number, number]} */ (points.slice(-2));
    if (command === 'lineTo' && ex === px && ey === py) continue;
    /** @param {number} i */
    const step = (i) => pair(/** @type {number} */ (points[i]) - px, /** @type {number} */ (points[i + 1]) - py);
    if (command === 'moveTo' && first) {
      out += `M${num(round(x) + ex)} ${num(round(y) + ey)}`;
      first = false;
    } else if (command === 'moveTo' || command === 'lineTo') {
      out += `${command === 'moveTo' ? 'm' : 'l'}${step(0)}`;
    } else if (command === 'quadraticCurveTo') {
      out += `q${step(0)} ${step(2)}`;
    } else if (command === 'bezierCurveTo') {
      out += `c${step(0)} ${step(2)} ${step(4)}`;
    }
    [px, py] = [ex, ey];
  }
  return out;
}

/**
 * A glyph's contours drawn back to where they start, so that no z is needed (filling closes a
 * contour anyway): fontkit closes one that ends elsewhere with closePath alone. Each starts at the
 * point it ends on and first draws the line that closePath stood for (nothing, where the contour
 * ends on its start). The pictures were drawn this way before (opentype.js's order) and so stay
 * byte for byte the same.
 * @param {Path['commands']} commands
 * @returns {Path['commands']}
 */
function unclosed(commands) {
  /** @type {Path['commands'][]} */
  const contours = [];
  for (const command of commands) {
    if (command.command === 'moveTo') contours.push([command]);
    else if (command.command !== 'closePath') contours.at(-1)?.push(command);
  }
  return contours.flatMap(([start, ...rest]) => {
    if (!start) return []; // a contour has its move
    const end = (rest.at(-1) ?? start).args.slice(-2);
    return [{ command: 'moveTo', args: end }, { ...start, command: 'lineTo' }, ...rest];
  });
}

/**
 * The runs of a <text>'s content: plain text and <tspan>s that change the weight.
 * @param {string} content
 * @param {string | undefined} weight the <text>'s own
 * @returns {Run[]}
 */
function runsOf(content, weight) {
  // Without plain text, the <tspan> alternative matched: its attributes and text are there.
  const runs = [...content.matchAll(/<tspan\b([^>]*)>([^<]*)<\/tspan>|([^<]+)/g)].map(([, attrs, inner, plain]) =>
    plain !== undefined
      ? { text: plain, weight }
      : {
          text: /** @type {string} */ (inner),
          weight: parseAttributes(/** @type {string} */ (attrs))['font-weight'] ?? weight,
        },
  );
  // SVG's default white-space handling: runs of spaces become one, and the ends are trimmed.
  const collapsed = runs
    .map((run) => ({ ...run, text: decode(run.text).replace(/\s+/g, ' ') }))
    .filter((run) => run.text);
  const [first, last] = [collapsed[0], collapsed.at(-1)];
  if (first && last) {
    first.text = first.text.trimStart();
    last.text = last.text.trimEnd();
  }
  return collapsed;
}

/** @typedef {(match: string, textAttrs?: string, content?: string, closing?: string, tag?: string, attrs?: string, selfClosing?: string) => string} TagReplacer */

/**
 * The SVG with every <text> element (attributes inherited from enclosing <g>s; <tspan>s may set a weight) outlined.
 * @param {string} svg
 * @param {Fonts} fonts
 */
export function outlineText(svg, fonts) {
  /** @type {Record<string, string>[]} the inherited attributes at each open <svg> or <g> */
  const stack = [{}];
  // A <text> sets textAttrs and content; an <svg> or <g> tag sets the last four.
  return svg.replace(
    /<text\b([^>]*)>((?:[^<]|<\/?tspan\b[^>]*>)*)<\/text>|<(\/?)(svg|g)\b([^>]*?)(\/?)>/g,
    /** @type {TagReplacer} */ (match, textAttrs, content, closing, _tag, attrs, selfClosing) => {
      if (textAttrs === undefined) {
        if (closing) stack.pop();
        else if (!selfClosing)
          stack.push({ ...stack.at(-1), ...pick(parseAttributes(/** @type {string} */ (attrs)), INHERITED) });
        return match;
      }
      const own = parseAttributes(textAttrs);
      const style = { ...stack.at(-1), ...pick(own, INHERITED) };
      const d = outline(
        runsOf(/** @type {string} */ (content), style['font-weight']),
        {
          x: Number(own.x ?? 0),
          y: Number(own.y ?? 0),
          size: Number(style['font-size'] ?? 16),
          anchor: style['text-anchor'] ?? 'start',
          spacing: Number(style['letter-spacing'] ?? 0),
        },
        fonts,
      );
      const kept = Object.entries(pick(own, KEPT_ON_PATH))
        .map(([name, value]) => ` ${name}="${value}"`)
        .join('');
      return `<path d="${d}"${kept}/>`;
    },
  );
}

/**
 * @param {Record<string, string>} attributes
 * @param {string[]} names
 */
function pick(attributes, names) {
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => names.includes(name)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fonts = loadInter();
  mkdirSync(OUT, { recursive: true });
  const files = readdirSync(SOURCE).filter((name) => name.endsWith('.svg'));
  for (const name of files)
    writeFileSync(join(OUT, name), outlineText(readFileSync(join(SOURCE, name), 'utf8'), fonts));
  console.log(`screens: outlined ${files.length} pictures into ${process.argv[2] ?? 'public/images/screens'}`);
}
