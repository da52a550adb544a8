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
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { Font as FontkitFont } from '@pdf-lib/fontkit';
import { processSingleton } from '@/lib/process-singleton';
import { encodable, toWinAnsi } from './pdf-text';
import { faceWithGlyph, fontOf, fontkit, truetypeOf, type Face } from './fonts';
import { appendRevision, drawOnEvery, parseTemplate, type Template } from './pdf-revision';
import { drawAsArtifact } from './artifact';

/**
 * A stamp line in any script: split into runs of one font each (the standard Helvetica for
 * Latin-1, otherwise the first face that has the character's glyph), shaped by fontkit, each glyph set
 * where the font places it, and laid out left to right, with right-to-left runs (Arabic) kept in their
 * own order. Nothing is ever replaced by '?' unless no font has the character at all.
 */
export type Run = { text: string; face: Face | undefined };

const MARK = /^[\p{M}\u200C\u200D]$/u;
const NEUTRAL = /^[\p{Z}\p{P}\p{S}]$/u;
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

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

/** The runs in drawing order for a left-to-right line: each stretch of right-to-left runs (with the spaces between them) reversed. */
export function visualOrder(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (let i = 0; i < runs.length;) {
    if (!RTL.test(runs[i]!.text)) {
      out.push(runs[i++]!);
      continue;
    }
    let end = i + 1;
    for (let j = i + 1; j < runs.length; j += 1) {
      if (RTL.test(runs[j]!.text)) end = j + 1;
      else if (![...runs[j]!.text].every((c) => NEUTRAL.test(c))) break;
    }
    out.push(...runs.slice(i, end).reverse());
    i = end;
  }
  return out;
}

const INK = rgb(0.45, 0.42, 0.48);

/**
 * A run ready to draw: its width at size 1 and, for a shaped run, its glyphs in stretches that each
 * start at their own place (at size 1) and then follow the font's own advances.
 */
type Piece = {
  font: PDFFont;
  text: string;
  width: number;
  stretches?: { codes: PDFHexString; x: number; y: number }[];
};

/**
 * A run in a script font, with the places the font's shaping gives each glyph. pdf-lib's drawText
 * sets glyphs one after another by their advance, so a mark the font moves (a Bengali nukta under
 * its letter, a ra-phala under the conjunct, Thai and Arabic vowel marks) would stand after its
 * letter instead. pdf-lib encodes the same layout, so its codes and fontkit's positions pair up.
 * A glyph where the previous one's advance already puts it continues the stretch.
 */
function shapedPiece(font: PDFFont, shaper: FontkitFont, text: string): Piece {
  const { glyphs, positions } = shaper.layout(text);
  const codes = font.encodeText(text).asString().match(/.{4}/g) ?? [];
  const plain = { font, text, width: font.widthOfTextAtSize(text, 1) };
  if (codes.length !== glyphs.length) return plain;
  const stretches: { codes: string; x: number; y: number }[] = [];
  let pen = 0;
  let next = Number.NaN; // where the PDF's own advance puts the following glyph
  positions.forEach((position, i) => {
    const [x, y] = [pen + position.xOffset, position.yOffset];
    const last = stretches.at(-1);
    if (last && y === last.y && x === next) last.codes += codes[i];
    else stretches.push({ codes: codes[i]!, x, y });
    next = x + glyphs[i]!.advanceWidth;
    pen += position.xAdvance;
  });
  const em = shaper.unitsPerEm;
  return {
    ...plain,
    width: pen / em,
    stretches: stretches.map((s) => ({ codes: PDFHexString.of(s.codes), x: s.x / em, y: s.y / em })),
  };
}

function drawPiece(page: PDFPage, piece: Piece, x: number, y: number, size: number) {
  if (!piece.stretches) {
    page.drawText(piece.text, { x, y, font: piece.font, size, color: INK });
    return;
  }
  const key = page.node.newFontDictionary(piece.font.name, piece.font.ref);
  // Text extraction (search, copy, screen readers) reads the run's own characters, in order, not
  // glyphs that shaping has moved or merged.
  const actualText = `<< /ActualText ${PDFHexString.fromText(piece.text).toString()} >>`;
  page.pushOperators(
    pushGraphicsState(),
    setFillingColor(INK),
    beginText(),
    setFontAndSize(key, size),
    PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), actualText]),
    ...piece.stretches.flatMap((s) => [setTextMatrix(1, 0, 0, 1, x + s.x * size, y + s.y * size), showText(s.codes)]),
    endMarkedContent(),
    endText(),
    popGraphicsState(),
  );
}

/** Embeds what the line needs in the document and returns a function that draws it on a page. */
async function prepareStamp(doc: PDFDocument, line: string, options: { size: number; maxWidth: number }) {
  doc.registerFontkit(fontkit);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const embedded = new Map<Face, { font: PDFFont; shaper: FontkitFont }>();
  const runs = visualOrder(runsOf(line, await facesOf(line)));
  for (const run of runs) {
    if (!run.face || embedded.has(run.face)) continue;
    embedded.set(run.face, {
      font: await doc.embedFont(await truetypeOf(run.face), { subset: true }),
      shaper: await fontOf(run.face),
    });
  }
  const latin1 = (text: string): Piece => {
    const encoded = toWinAnsi(text);
    return { font: helvetica, text: encoded, width: helvetica.widthOfTextAtSize(encoded, 1) };
  };
  const pieces = runs.map((run): Piece => {
    if (!run.face) return latin1(run.text);
    const { font, shaper } = embedded.get(run.face)!;
    try {
      // Right-to-left runs keep pdf-lib's drawing: poppler reverses a right-to-left replacement text,
      // so a copied name would read backwards; and names are rarely written with Arabic vowel marks.
      return RTL.test(run.text)
        ? { font, text: run.text, width: font.widthOfTextAtSize(run.text, 1) }
        : shapedPiece(font, shaper, run.text);
    } catch {
      // fontkit cannot shape every sequence in every face: such a run prints as '?' rather than the download failing.
      return latin1(run.text);
    }
  });
  const total = pieces.reduce((sum, piece) => sum + piece.width, 0) * options.size;
  // A long line is set smaller rather than cut (down to 4 pt); only past that is its end dropped.
  const size = Math.max(4, Math.min(options.size, (options.size * options.maxWidth) / Math.max(total, 1)));
  return (page: PDFPage, x: number, y: number) => {
    let cursor = x;
    for (const piece of pieces) {
      const width = piece.width * size;
      if (cursor + width > x + options.maxWidth + 0.5) break;
      drawPiece(page, piece, cursor, y, size);
      cursor += width;
    }
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

/** Puts the buyer's name, email and order id on every page of a copy, in whatever script the name is written. */
export async function stampBook(
  base: Uint8Array,
  stamp: { name: string; email: string; orderId: string },
  template: string,
): Promise<Uint8Array> {
  const line = template.replace('{name}', stamp.name).replace('{email}', stamp.email).replace('{order}', stamp.orderId);
  return appendRevision(await templateOf(base), async (doc, pages) => {
    const width = pages[0]!.getSize().width;
    const draw = await prepareStamp(doc, line, { size: 7, maxWidth: width - 80 });
    drawOnEvery(pages, (page) => drawAsArtifact(page, () => draw(page, 40, 22)));
    doc.setKeywords([toWinAnsi(`order:${stamp.orderId}`)]);
    doc.setModificationDate(new Date());
  });
}
