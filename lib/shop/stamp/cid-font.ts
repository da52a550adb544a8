import { createHash } from 'node:crypto';
import { PDFName, PDFString, type PDFDocument, type PDFRef } from 'pdf-lib';
import type { Font as FontkitFont } from '@pdf-lib/fontkit';

/**
 * A face embedded as a subset CID font with the glyphs HarfBuzz chose. pdf-lib's own embedding
 * encodes text through fontkit's layout, so it cannot take glyph ids from another shaper: this
 * writes the same PDF objects pdf-lib would (Type0, Identity-H, a fontkit subset as FontFile2 or
 * FontFile3), with a code per glyph and text, and a ToUnicode map from each code to that text.
 */
export class CidSubset {
  private readonly subset;
  // One code per glyph and text: a font may draw several letters from one glyph (Noto Sans Arabic's
  // dotless ت and ي, dots added as marks), and each code reads back as its own letter.
  private readonly glyphs = new Map<string, { code: number; gid: number; id: number; text: string }>();

  constructor(private readonly font: FontkitFont) {
    this.subset = font.createSubset();
  }

  /** The 4-hex-digit code that draws glyph `id` and reads back as `text`. */
  code(id: number, text: string): string {
    const key = `${id}:${text}`;
    let glyph = this.glyphs.get(key);
    if (!glyph) {
      const gid = this.subset.includeGlyph(id);
      // A CFF font's codes are its glyphs; a TrueType font's are mapped to glyphs (CIDToGIDMap).
      this.glyphs.set(key, (glyph = { code: this.font.cff ? gid : this.glyphs.size + 1, gid, id, text }));
    }
    return glyph.code.toString(16).padStart(4, '0');
  }

  async embed(doc: PDFDocument): Promise<PDFRef> {
    const { context } = doc;
    const font = this.font;
    const cff = Boolean(font.cff);
    const scale = 1000 / font.unitsPerEm;
    const bytes = await encode(this.subset.encodeStream());
    // A subset's name starts with six capitals of its own (here from its bytes), so readers know it is one.
    const tag = [...createHash('sha256').update(bytes).digest().subarray(0, 6)].map((b) =>
      String.fromCharCode(65 + (b % 26)),
    );
    const name = PDFName.of(
      `${tag.join('')}+${(font.postscriptName ?? 'Stamp').replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '')}`,
    );
    const file = context.register(context.flateStream(bytes, cff ? { Subtype: 'CIDFontType0C' } : {}));
    const { minX, minY, maxX, maxY } = font.bbox;
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: name,
        Flags: 4, // symbolic: the glyphs are reached by CID, not a standard encoding
        FontBBox: [minX * scale, minY * scale, maxX * scale, maxY * scale],
        ItalicAngle: font.italicAngle,
        Ascent: font.ascent * scale,
        Descent: font.descent * scale,
        CapHeight: (font.capHeight || font.ascent) * scale,
        StemV: 80,
        [cff ? 'FontFile3' : 'FontFile2']: file,
      }),
    );
    const sorted = [...this.glyphs.values()].sort((a, b) => a.code - b.code);
    const widths = sorted.flatMap(({ id, code }) => [code, [Math.round(font.getGlyph(id).advanceWidth * scale)]]);
    const cidToGid = new Uint8Array(2 * ((sorted.at(-1)?.code ?? 0) + 1));
    for (const { code, gid } of sorted) [cidToGid[2 * code], cidToGid[2 * code + 1]] = [gid >> 8, gid & 0xff];
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
        ...(cff ? {} : { CIDToGIDMap: context.register(context.flateStream(cidToGid)) }),
        BaseFont: name,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: widths,
      }),
    );
    const toUnicode = context.register(context.flateStream(unicodeCmap(sorted)));
    return context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: name,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }
}

function encode(stream: ReturnType<ReturnType<FontkitFont['createSubset']>['encodeStream']>): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    stream.on('data', (part) => parts.push(part)).on('end', () => resolve(Buffer.concat(parts)));
  });
}

const hex = (text: string) =>
  Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, '0')).join('');

/** The ToUnicode CMap: each code to the UTF-16 of its text; a glyph that draws no text of its own (a second part of a cluster) is left out. */
function unicodeCmap(glyphs: { code: number; text: string }[]): string {
  const entries = glyphs
    .filter((glyph) => glyph.text)
    .map((glyph) => `<${glyph.code.toString(16).padStart(4, '0')}> <${hex(glyph.text)}>`);
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    chunks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
