import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { retitleOutline } from './outline';

/** A document whose outline is [A [a1, a2], B], titled as Chromium titles them (words run together). */
async function withOutline() {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const { context } = pdf;
  const [root, a, a1, a2, b] = Array.from({ length: 5 }, () => context.nextRef());
  const item = (ref: PDFRef, title: string, links: Record<string, PDFRef>) =>
    context.assign(ref, context.obj({ Title: PDFHexString.fromText(title), ...links }));
  context.assign(root!, context.obj({ Type: 'Outlines', First: a!, Last: b! }));
  item(a!, 'Why It’sNormal', { Parent: root!, Next: b!, First: a1!, Last: a2! });
  item(a1!, 'One', { Parent: a!, Next: a2! });
  item(a2!, 'Two', { Parent: a!, Prev: a1! });
  item(b!, 'Bee', { Parent: root!, Prev: a! });
  pdf.catalog.set(PDFName.of('Outlines'), root!);
  const titles = () =>
    [a, a1, a2, b].map((ref) => context.lookup(ref, PDFDict).lookup(PDFName.of('Title'), PDFHexString).decodeText());
  return { pdf, titles };
}

describe('retitleOutline', () => {
  it('gives each bookmark its heading’s own text, in document order', async () => {
    const { pdf, titles } = await withOutline();
    retitleOutline(pdf, [
      { level: 1, text: 'Why It’s Normal' },
      { level: 2, text: 'One\u00a0:' },
      { level: 2, text: 'Two' },
      { level: 1, text: 'B' },
    ]);
    expect(titles()).toEqual(['Why It’s Normal', 'One\u00a0:', 'Two', 'B']);
  });

  it('refuses headings the outline does not follow, rather than give a bookmark another’s title', async () => {
    const { pdf, titles } = await withOutline();
    const before = titles();
    expect(() =>
      retitleOutline(pdf, [
        { level: 1, text: 'A' },
        { level: 2, text: 'One' },
        { level: 1, text: 'B' },
        { level: 2, text: 'Two' },
      ]),
    ).toThrow(/does not follow/);
    expect(() => retitleOutline(pdf, [{ level: 1, text: 'A' }])).toThrow(/does not follow/);
    expect(titles()).toEqual(before);
  });
});
