import { PDFDict, PDFHexString, PDFName, type PDFDocument } from 'pdf-lib';

/** A heading of the typeset book, as the HTML has it: h1 (contents, chapters, tracker…) or h2 (sections). */
export type Heading = { level: number; text: string };

/** The outline's items, depth first (the order of their headings in the book), each with its depth from 1. */
function outlineItems(pdf: PDFDocument): { item: PDFDict; depth: number }[] {
  const items: { item: PDFDict; depth: number }[] = [];
  const child = (dict: PDFDict, key: string) => pdf.context.lookupMaybe(dict.get(PDFName.of(key)), PDFDict);
  const visit = (first: PDFDict | undefined, depth: number) => {
    for (let item = first; item; item = child(item, 'Next')) {
      items.push({ item, depth });
      visit(child(item, 'First'), depth + 1);
    }
  };
  const root = child(pdf.catalog, 'Outlines');
  if (root) visit(child(root, 'First'), 1);
  return items;
}

/**
 * Chromium builds the bookmarks from the tagged headings but titles each with the text it drew,
 * which loses the space where a heading wraps ("It'sNormal") and sets Arabic words in visual
 * order: each bookmark gets its heading's own text back. The outline follows the headings one
 * for one (h1 at the top, h2 under it), which is checked, so no bookmark gets another's title.
 */
export function retitleOutline(pdf: PDFDocument, headings: Heading[]): void {
  const items = outlineItems(pdf);
  const shape = (levels: number[]) => levels.join(' ');
  if (shape(items.map((i) => i.depth)) !== shape(headings.map((h) => h.level)))
    throw new Error(`The outline (${items.length} bookmarks) does not follow the book's ${headings.length} headings`);
  items.forEach(({ item }, i) => item.set(PDFName.of('Title'), PDFHexString.fromText(headings[i]!.text)));
}
