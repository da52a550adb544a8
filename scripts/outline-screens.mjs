// Builds the app-screen pictures (assets/screens/*.svg) into public/images/screens with every
// <text> turned into a <path> in Inter. A browser lays out an SVG picture's text on the main thread,
// in a document of its own, each time the picture is shown: on the home page the hero phone alone
// took tens of milliseconds of a slow phone's CPU. Outlines draw the same letters with no font
// lookup, shaping or layout, and look the same on every platform.
// Runs before `next build` and `next dev`; the output is not committed.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';

const require = createRequire(import.meta.url);
const SOURCE = join(process.cwd(), 'assets', 'screens');
const OUT = join(process.cwd(), 'public', 'images', 'screens');

/** @typedef {import('opentype.js').Font} Font */
/** Inter's static weights by number (400…800). @typedef {Map<number, Font>} Fonts */
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
    const file = readFileSync(join(dir, `inter-latin-${weight}-normal.woff`));
    fonts.set(weight, opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)));
  }
  return fonts;
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
    const font = /** @type {Font} */ (fonts.get(weightOf(weight))); // weightOf gives one of the weights loadInter loads
    // Character by character: opentype.js cannot apply some of Inter's substitution tables, and these labels need none.
    return [...text].map((char) => ({ font, glyph: font.charToGlyph(char) }));
  });
  const advances = glyphs.map(({ font, glyph }, i) => {
    const next = glyphs[i + 1];
    const kerning = next && next.font === font ? font.getKerningValue(glyph, next.glyph) : 0;
    return ((glyph.advanceWidth + kerning) * size) / font.unitsPerEm + spacing;
  });
  const width = advances.reduce((a, b) => a + b, 0) - (glyphs.length ? spacing : 0);
  let cursor = x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  let d = '';
  glyphs.forEach(({ glyph }, i) => {
    d += glyphPath(glyph.getPath(0, 0, size).commands, cursor, y);
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
 * @param {import('opentype.js').PathCommand[]} commands
 * @param {number} x
 * @param {number} y
 */
function glyphPath(commands, x, y) {
  let out = '';
  let [px, py] = [0, 0];
  let [sx, sy] = [0, 0];
  let first = true;
  for (const c of commands) {
    if (c.type === 'Z') {
      // Closing returns the pen to the contour's start, which the next relative move counts from.
      out += 'z';
      [px, py] = [sx, sy];
      continue;
    }
    const [ex, ey] = [round(c.x), round(c.y)];
    if (c.type === 'L' && ex === px && ey === py) continue;
    if (c.type === 'M') [sx, sy] = [ex, ey];
    if (c.type === 'M' && first) {
      out += `M${num(round(x) + ex)} ${num(round(y) + ey)}`;
      first = false;
    } else if (c.type === 'M' || c.type === 'L') {
      out += `${c.type === 'M' ? 'm' : 'l'}${pair(ex - px, ey - py)}`;
    } else if (c.type === 'Q') {
      out += `q${pair(round(c.x1) - px, round(c.y1) - py)} ${pair(ex - px, ey - py)}`;
    } else if (c.type === 'C') {
      out += `c${pair(round(c.x1) - px, round(c.y1) - py)} ${pair(round(c.x2) - px, round(c.y2) - py)} ${pair(ex - px, ey - py)}`;
    }
    [px, py] = [ex, ey];
  }
  return out;
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
  console.log(`screens: outlined ${files.length} pictures into public/images/screens`);
}
