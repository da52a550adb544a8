import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  StandardFonts,
  beginText,
  endMarkedContent,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { processSingleton } from '@/lib/process-singleton';
import { encodable, toWinAnsi } from './pdf-text';
import { faceWithGlyph, fontOf, truetypeOf, type Face } from './fonts';
import { appendRevision, drawOnEvery, parseTemplate, type Template } from './pdf-revision';
import { drawAsArtifact } from './artifact';
import { visualPieces, type Piece } from './bidi-line';
import { CidSubset } from './cid-font';
import { shapeRun } from './shape';
import { licenceText, type Buyer } from './licence';
import { STAMP_SIZE, layoutStamp } from './stamp-layout';

/**
 * A stamp line in any script: split into runs of one font each (the standard Helvetica for
 * Latin-1, otherwise the first face that has the character's glyph), put in visual order by the
 * Unicode Bidirectional Algorithm in the edition's direction, each script run shaped by HarfBuzz and
 * each glyph set where HarfBuzz places it. Nothing is ever replaced by '?' unless no font has the
 * character at all, or a run cannot be shaped.
 */
export type Run = { text: string; face: Face | undefined };

const MARK = /^[\p{M}\u200C\u200D]$/u;
const NEUTRAL = /^[\p{Z}\p{P}\p{S}]$/u;

/** The face that draws each character of the text runsOf may ask about (see faceWithGlyph), as a lookup. */
export async function facesOf(text: string): Promise<(codePoint: number) => Face | undefined> {
  const faces = new Map<number, Face | undefined>();
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if ((!encodable(char) || NEUTRAL.test(char)) && !faces.has(codePoint))
      faces.set(codePoint, await faceWithGlyph(codePoint));
  }
  return (codePoint) => faces.get(codePoint);
}

export function runsOf(text: string, faceFor: (codePoint: number) => Face | undefined): Run[] {
  const runs: Run[] = [];
  for (const char of text.replace(/[\n\t]/g, ' ')) {
    const current = runs.at(-1);
    const codePoint = char.codePointAt(0)!;
    let face: Face | undefined;
    if (MARK.test(char) && current) face = current.face;
    else if (NEUTRAL.test(char) && current?.face && faceFor(codePoint) === current.face) face = current.face;
    else if (encodable(char)) face = undefined;
    else face = faceFor(codePoint);
    if (current && current.face === face) current.text += char;
    else runs.push({ text: char, face });
  }
  return runs;
}

const INK = rgb(0.45, 0.42, 0.48);

/**
 * A piece of the line ready to draw: its width at size 1 and, for a shaped piece, its glyphs in
 * stretches that each start at their own place (at size 1) and then follow the font's own advances.
 */
type Drawable = {
  width: number;
  helvetica?: string;
  shaped?: { face: Face; text: string; rtl: boolean; stretches: { codes: string; x: number; y: number }[] };
};

/**
 * A piece in a script face, shaped by HarfBuzz, each glyph set where HarfBuzz places it: pdf-lib's
 * drawText sets glyphs one after another by their advance, so a mark moved by the font (a Bengali
 * nukta under its letter, a ra-phala under the conjunct, Thai and Arabic vowel marks) would stand
 * after its letter. A glyph where the PDF's own advance already puts it continues the stretch.
 */
async function shapedPiece(piece: Piece<Face>, subset: CidSubset): Promise<Drawable> {
  const { glyphs, unitsPerEm } = shapeRun(await truetypeOf(piece.face), piece.text, piece.rtl);
  const shaper = await fontOf(piece.face);
  // Each glyph reads as its cluster's text, given to the cluster's first glyph in reading order.
  const starts = [...new Set(glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const textOf = (cluster: number) => piece.text.slice(cluster, starts[starts.indexOf(cluster) + 1]);
  const reading = piece.rtl ? [...glyphs].reverse() : glyphs;
  const first = new Set(starts.map((cluster) => reading.find((g) => g.cluster === cluster)));
  const stretches: { codes: string; x: number; y: number }[] = [];
  let pen = 0;
  let next = Number.NaN; // where the PDF's own advance puts the following glyph
  for (const glyph of glyphs) {
    const code = subset.code(glyph.id, first.has(glyph) ? textOf(glyph.cluster) : '');
    const [x, y] = [(pen + glyph.xOffset) / unitsPerEm, glyph.yOffset / unitsPerEm];
    const last = stretches.at(-1);
    if (last && y === last.y && Math.abs(x - next) < 0.001) last.codes += code;
    else stretches.push({ codes: code, x, y });
    next =
      (last && Math.abs(x - next) < 0.001 ? next : x) +
      Math.round((shaper.getGlyph(glyph.id).advanceWidth * 1000) / shaper.unitsPerEm) / 1000;
    pen += glyph.xAdvance;
  }
  return { width: pen / unitsPerEm, shaped: { face: piece.face, text: piece.text, rtl: piece.rtl, stretches } };
}

function drawShaped(
  page: PDFPage,
  font: PDFRef,
  shaped: NonNullable<Drawable['shaped']>,
  x: number,
  y: number,
  size: number,
) {
  const key = page.node.newFontDictionary('Stamp', font);
  // Text extraction (search, copy, screen readers) reads a left-to-right piece's own characters, in
  // order, not glyphs that shaping has moved or merged. Not a right-to-left one: poppler reverses a
  // right-to-left replacement text, so a copied name would read backwards.
  const span = shaped.rtl
    ? []
    : [
        PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
          PDFName.of('Span'),
          `<< /ActualText ${PDFHexString.fromText(shaped.text).toString()} >>`,
        ]),
      ];
  page.pushOperators(
    pushGraphicsState(),
    setFillingColor(INK),
    beginText(),
    setFontAndSize(key, size),
    ...span,
    ...shaped.stretches.flatMap((s) => [
      setTextMatrix(1, 0, 0, 1, x + s.x * size, y + s.y * size),
      showText(PDFHexString.of(s.codes)),
    ]),
    ...(shaped.rtl ? [] : [endMarkedContent()]),
    endText(),
    popGraphicsState(),
  );
}

/**
 * Embeds what the licence line needs in the document and returns a function that draws it on a page:
 * laid out by stamp-layout.ts (one line as ever, else two or three, else shortened), each line put in
 * visual order on its own, as a browser orders the lines of a paragraph.
 */
async function prepareStamp(
  doc: PDFDocument,
  template: string,
  buyer: Buyer,
  options: { maxWidth: number; direction: 'ltr' | 'rtl' },
) {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  // Composed (NFC), so a name typed as e + ◌̈ prints as the standard font's ë.
  buyer = { ...buyer, name: buyer.name.normalize('NFC'), email: buyer.email.normalize('NFC') };
  // Every character a line may hold: the whole line's, and the ellipsis of a shortened email or name.
  const faceFor = await facesOf(`${licenceText(template, buyer)}…`);
  // Standard-font pieces are drawn as given, so their mirrored characters are mirrored here; HarfBuzz mirrors its own.
  const piecesOf = (text: string) => visualPieces(runsOf(text, faceFor), options.direction, (face) => !face);
  const latin1 = (piece: Piece<Face | undefined>): Drawable => {
    const encoded = toWinAnsi(piece.rtl ? [...piece.text].reverse().join('') : piece.text);
    // Letter by letter: widthOfTextAtSize counts kerning, which drawText does not apply, so a long
    // piece came out wider than measured and ran into the next (2 pt over a 130-letter address).
    const width = [...encoded].reduce((sum, char) => sum + helvetica.widthOfTextAtSize(char, 1), 0);
    return { width, helvetica: encoded };
  };
  // The width at 1 pt of a word (or spaces) as drawn below: shaped advances, else the standard font's.
  const measure = async (text: string) => {
    let width = 0;
    for (const piece of piecesOf(text)) {
      if (!piece.face) width += latin1(piece).width;
      else
        try {
          const { glyphs, unitsPerEm } = shapeRun(await truetypeOf(piece.face), piece.text, piece.rtl);
          width += glyphs.reduce((sum, glyph) => sum + glyph.xAdvance, 0) / unitsPerEm;
        } catch {
          width += latin1(piece).width; // drawn as '?', as below
        }
    }
    return width;
  };
  const { size, lines } = await layoutStamp(template, buyer, options.maxWidth, measure);
  const subsets = new Map<Face, CidSubset>();
  const drawn: { pieces: Drawable[]; size: number }[] = [];
  for (const line of lines) {
    const pieces: Drawable[] = [];
    for (const piece of piecesOf(line)) {
      if (!piece.face) {
        pieces.push(latin1(piece));
        continue;
      }
      try {
        let subset = subsets.get(piece.face);
        if (!subset) subsets.set(piece.face, (subset = new CidSubset(await fontOf(piece.face))));
        pieces.push(await shapedPiece({ ...piece, face: piece.face }, subset));
      } catch {
        // A piece that cannot be shaped prints as '?' rather than the download failing.
        pieces.push(latin1(piece));
      }
    }
    // The layout summed its words' widths; a line a little wider whole (a space set in the face of the
    // words around it, a face that shaped but could not be subset) is set a little smaller. A single
    // line is as large as its own width allows, up to 7 pt, as it always was.
    const width = pieces.reduce((sum, piece) => sum + piece.width, 0);
    const largest = lines.length === 1 ? STAMP_SIZE : size;
    drawn.push({ pieces, size: Math.min(largest, options.maxWidth / Math.max(width, 0.001)) });
  }
  const fonts = new Map<Face, PDFRef>();
  for (const [face, subset] of subsets) fonts.set(face, await subset.embed(doc));
  const rtl = options.direction === 'rtl';
  const leading = size * 1.2;
  return (page: PDFPage, x: number, y: number) => {
    const draw = (piece: Drawable, at: number, baseline: number, size: number) => {
      if (piece.helvetica !== undefined)
        page.drawText(piece.helvetica, { x: at, y: baseline, font: helvetica, size, color: INK });
      else drawShaped(page, fonts.get(piece.shaped!.face)!, piece.shaped!, at, baseline, size);
    };
    // One line stands on y; two or three stand around it, the first at most 5 pt higher, clear of the folio.
    const first = y + Math.min(5, ((drawn.length - 1) * leading) / 2);
    drawn.forEach(({ pieces, size }, i) => {
      const baseline = first - i * leading;
      // Left to right from the left margin; a right-to-left line from the right margin.
      if (!rtl) {
        let cursor = x;
        for (const piece of pieces) {
          draw(piece, cursor, baseline, size);
          cursor += piece.width * size;
        }
        return;
      }
      let cursor = x + options.maxWidth;
      for (const piece of [...pieces].reverse()) {
        cursor -= piece.width * size;
        draw(piece, cursor, baseline, size);
      }
    });
  };
}

// One parsed template per base book, once per process: base-books.ts keeps one base per edition (17 at
// most, about 140 KB of template each), and a template goes when its base does.
const templates = processSingleton('book-templates', () => new WeakMap<Uint8Array, Promise<Template>>());

function templateOf(base: Uint8Array): Promise<Template> {
  let template = templates.get(base);
  if (!template) {
    template = parseTemplate(base);
    template.catch(() => templates.delete(base));
    templates.set(base, template);
  }
  return template;
}

/**
 * Puts the buyer's name, email and order id on every page of a copy, in whatever script the name is
 * written; `direction` is the edition's (rtl for Arabic), the paragraph direction of the line.
 */
export async function stampBook(
  base: Uint8Array,
  stamp: Buyer,
  template: string,
  direction: 'ltr' | 'rtl',
): Promise<Uint8Array> {
  return appendRevision(await templateOf(base), async (doc, pages) => {
    const width = pages[0]!.getSize().width;
    const draw = await prepareStamp(doc, template, stamp, { maxWidth: width - 80, direction });
    drawOnEvery(pages, (page) => drawAsArtifact(page, () => draw(page, 40, 22)));
    // No date of its own (the Info keeps the book's): a buyer's copy is the same bytes every time,
    // so it has a strong ETag and a resumed download continues the very copy it began.
    doc.setKeywords([toWinAnsi(`order:${stamp.orderId}`)]);
  });
}
