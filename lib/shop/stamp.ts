import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { encodable, toWinAnsi } from './pdf-text';
import { faceFor, fontkit, truetypeOf, type Face } from './stamp-fonts';

/**
 * A stamp line in any script: split into runs of one font each (the standard Helvetica for
 * Latin-1, otherwise the Noto face that has the character), shaped by fontkit as pdf-lib
 * embeds them, and laid out left to right, with right-to-left runs (Arabic) kept in their
 * own order. Nothing is ever replaced by '?' unless no font has the character at all.
 */
export type Run = { text: string; face: Face | undefined };

const MARK = /^[\p{M}\u200C\u200D]$/u;
const NEUTRAL = /^[\p{Z}\p{P}\p{S}]$/u;
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

export function runsOf(text: string): Run[] {
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
  for (let i = 0; i < runs.length; ) {
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

/** Embeds what the line needs in the document and returns a function that draws it on a page. */
export async function prepareStamp(doc: PDFDocument, line: string, options: { size: number; maxWidth: number }) {
  doc.registerFontkit(fontkit);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const embedded = new Map<Face, PDFFont>();
  const runs = visualOrder(runsOf(line));
  for (const run of runs) {
    if (run.face && !embedded.has(run.face)) embedded.set(run.face, await doc.embedFont(await truetypeOf(run.face), { subset: true }));
  }
  const pieces = runs.map((run) => {
    const font = run.face ? embedded.get(run.face)! : helvetica;
    const text = run.face ? run.text : toWinAnsi(run.text);
    return { font, text, width: font.widthOfTextAtSize(text, options.size) };
  });
  const total = pieces.reduce((sum, piece) => sum + piece.width, 0);
  // A long line is set smaller rather than cut (down to 4 pt); only past that is its end dropped.
  const size = Math.max(4, Math.min(options.size, (options.size * options.maxWidth) / Math.max(total, 1)));
  const scale = size / options.size;
  return (page: PDFPage, x: number, y: number) => {
    let cursor = x;
    for (const piece of pieces) {
      const width = piece.width * scale;
      if (cursor + width > x + options.maxWidth + 0.5) break;
      page.drawText(piece.text, { x: cursor, y, font: piece.font, size, color: rgb(0.45, 0.42, 0.48) });
      cursor += width;
    }
  };
}

/** Puts the buyer's name, email and order id on every page of a copy, in whatever script the name is written. */
export async function stampBook(base: Uint8Array, stamp: { name: string; email: string; orderId: string }, template: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(base);
  const line = template.replace('{name}', stamp.name).replace('{email}', stamp.email).replace('{order}', stamp.orderId);
  const width = doc.getPage(0).getSize().width;
  const draw = await prepareStamp(doc, line, { size: 7, maxWidth: width - 80 });
  for (const page of doc.getPages()) draw(page, 40, 22);
  doc.setKeywords([toWinAnsi(`order:${stamp.orderId}`)]);
  return doc.save();
}
