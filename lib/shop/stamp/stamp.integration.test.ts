import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualPieces } from './bidi-line';
import { facesOf, runsOf, stampBook } from './stamp';

/**
 * A buyer's name in every script the site speaks, printed on their copy: read back with
 * poppler's pdftotext (the text is really there, in the right characters, never '?') and
 * rendered with pdftoppm (the glyphs are really drawn: the stamp strip differs from one
 * without the name).
 */
const names: [string, string][] = [
  ['Latin with accents', 'Zoë Ångström'],
  ['Latin Extended (Polish)', 'Łucja Żółkiewska'],
  ['Arabic', 'مريم الحسن'],
  ['Bengali', 'অনন্যা রায়'],
  ['Thai', 'สมชาย ใจดี'],
  ['Cyrillic', 'Анна Іваненко'],
  ['Greek', 'Ελένη Παπαδοπούλου'],
  ['Japanese', 'さくら 山田'],
  ['Korean', '김민지'],
  ['Chinese', '王小明'],
  ['mixed scripts', 'María 王'],
  // Scripts no page of the site is written in, which a buyer's name still may be.
  ['Devanagari (Hindi)', 'प्रिया शर्मा'],
  ['Hebrew', 'נועה כהן'],
  ['Tamil', 'கார்த்திக் ராஜா'],
  ['Telugu', 'సాయి కిరణ్'],
  ['Kannada', 'ಅನುಷಾ ರಾವ್'],
  ['Malayalam', 'അനു മേനോൻ'],
  ['Gujarati', 'ધ્રુવ પટેલ'],
  ['Gurmukhi (Punjabi)', 'ਹਰਪ੍ਰੀਤ ਕੌਰ'],
  ['Odia', 'ସୁବ୍ରତ ଦାସ'],
  ['Sinhala', 'නිමල් පෙරේරා'],
  ['Georgian', 'ნინო ბერიძე'],
  ['Armenian', 'Անի Պետրոսյան'],
  ['Ethiopic (Amharic)', 'ሰላም ታደሰ'],
  ['Khmer', 'សុខា ចាន់'],
  ['Lao', 'ສົມພອນ ວົງສາ'],
  ['Myanmar', 'အောင် ကျော်'],
];

let dir: string;
let base: Uint8Array;
const TEMPLATE = 'Licensed to {name} <{email}> · Order {order}';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'amora-stamp-'));
  // A one-page book is enough: the stamp goes on every page the same way.
  const doc = await PDFDocument.create();
  doc.addPage([595.28, 841.89]);
  base = await doc.save();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const textOf = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(BIDI_CONTROLS, '');

/** Pixels of the bottom strip (where the stamp is) that differ between two renders. */
async function stripDifference(a: string, b: string): Promise<number> {
  const strip = async (file: string) => {
    execFileSync('pdftoppm', ['-png', '-r', '144', '-f', '1', '-l', '1', '-singlefile', file, file]);
    const image = sharp(`${file}.png`);
    const { height = 0, width = 0 } = await image.metadata();
    return image
      .extract({ left: 0, top: height - 80, width, height: 80 })
      .greyscale()
      .raw()
      .toBuffer();
  };
  const [left, right] = [await strip(a), await strip(b)];
  let differing = 0;
  for (let i = 0; i < left.length; i += 1) if (Math.abs(left[i]! - right[i]!) > 40) differing += 1;
  return differing;
}

describe('stamps print any buyer’s name', () => {
  it.each(names)(
    '%s: %s',
    async (_family, name) => {
      const withName = join(dir, `${encodeURIComponent(name)}.pdf`);
      const withoutName = join(dir, `${encodeURIComponent(name)}-none.pdf`);
      writeFileSync(
        withName,
        await stampBook(base, { name, email: 'buyer@example.com', orderId: 'order-7' }, TEMPLATE, 'ltr'),
      );
      writeFileSync(
        withoutName,
        await stampBook(base, { name: '', email: 'buyer@example.com', orderId: 'order-7' }, TEMPLATE, 'ltr'),
      );
      const text = textOf(withName).normalize('NFD');
      expect(text).not.toContain('?');
      for (const word of name.normalize('NFD').split(' ')) expect(text).toContain(word);
      expect(text).toContain('buyer@example.com');
      expect(await stripDifference(withName, withoutName)).toBeGreaterThan(150);
    },
    30_000,
  );
});

/** The inked box of a stamp line alone, rendered at 600 dpi (width and height in pixels), and its text read back. */
async function inkedBox(name: string): Promise<{ width: number; height: number; text: string }> {
  const file = join(dir, `ink-${encodeURIComponent(name)}.pdf`);
  const doc = await PDFDocument.create();
  doc.addPage([240, 60]);
  writeFileSync(file, await stampBook(await doc.save(), { name, email: '', orderId: '' }, '{name}', 'ltr'));
  execFileSync('pdftoppm', ['-png', '-r', '600', '-singlefile', file, file]);
  const { data, info } = await sharp(`${file}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
  let [left, right, top, bottom] = [info.width, -1, info.height, -1];
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      if (data[y * info.width + x]! > 200) continue;
      [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
    }
  }
  return { width: right - left + 1, height: bottom - top + 1, text: textOf(file).trim() };
}

describe('marks sit where the font puts them', () => {
  // A nukta (য় in রায়, a very common surname) goes under its letter and a ra-phala (শ্রী) under the
  // conjunct: drawn at the pen position instead, each stood after its letter (4 and 22 px wider).
  // The text read back is still the name, in order.
  it.each([
    ['a nukta', 'রায়', 'রায'],
    ['a nukta, precomposed', 'রা\u09DF', 'রায'],
    ['a ra-phala', 'শ্রী', 'শী'],
  ])(
    '%s: %s is no wider than %s',
    async (_mark, marked, plain) => {
      const [withMark, without] = [await inkedBox(marked), await inkedBox(plain)];
      expect(withMark.width).toBeLessThanOrEqual(without.width + 3);
      expect(withMark.height).toBeGreaterThan(without.height);
      expect(withMark.text.normalize('NFD')).toBe(marked.normalize('NFD'));
    },
    30_000,
  );
});

describe('laying out a stamp line', () => {
  it('keeps Latin-1 in the standard font and gives other scripts their own face', async () => {
    const line = 'Licensed to María 王 <m@x.io>';
    const runs = runsOf(line, await facesOf(line));
    expect(runs.map((r) => [r.text, Boolean(r.face)])).toEqual([
      ['Licensed to María ', false],
      ['王', true],
      [' <m@x.io>', false],
    ]);
  });

  it('draws right-to-left words in reading order from the right, inside a left-to-right line', async () => {
    const line = 'to مريم الحسن <a@b.c>';
    const ordered = visualPieces(runsOf(line, await facesOf(line)), 'ltr', (face) => !face).map((r) => r.text);
    expect(ordered.join('|')).toBe('to |الحسن| |مريم| <a@b.c>');
  });
});
