import {
  PDFArray,
  PDFContext,
  PDFCrossRefSection,
  PDFCrossRefStream,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFPage,
  PDFPageLeaf,
  PDFRef,
  PDFTrailer,
  PDFTrailerDict,
  type PDFObject,
} from 'pdf-lib';

/**
 * A copy of a book is its base bytes with one incremental update appended (ISO 32000-1 §7.5.6):
 * the pages redefined with the stamp's content streams and fonts, the Info dictionary, and a
 * cross-reference section whose /Prev points at the base's. Parsing and rewriting the whole book
 * for every copy was most of a stamping's CPU and memory; the base is parsed once, into a Template.
 */
export type Template = {
  bytes: Uint8Array;
  /** Each page's dictionary, everything pdf-lib's drawing looks up made direct, in a small context of its own. */
  pages: { ref: PDFRef; dict: PDFPageLeaf }[];
  info?: { ref: PDFRef; dict: PDFDict };
  trailer: { Root?: PDFObject; ID?: PDFObject };
  /** The first object number no revision of the base uses. */
  size: number;
  /** Where the base's last cross-reference section starts, and whether it is a stream (the update follows suit). */
  prev: number;
  xrefStream: boolean;
};

const latin1 = (bytes: Uint8Array, from = 0) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, bytes.byteLength - from).toString('latin1');

/** Direct dictionaries and arrays copied into `context` (refs, names, numbers and strings are immutable and shared). */
function clone<T extends PDFObject>(object: T, context: PDFContext): T {
  if (object instanceof PDFPageLeaf)
    return PDFPageLeaf.fromMapWithContext(cloneEntries(object, context), context) as unknown as T;
  if (object instanceof PDFDict)
    return PDFDict.fromMapWithContext(cloneEntries(object, context), context) as unknown as T;
  if (object instanceof PDFArray) {
    const array = PDFArray.withContext(context);
    for (const item of object.asArray()) array.push(clone(item, context));
    return array as unknown as T;
  }
  return object;
}
const cloneEntries = (dict: PDFDict, context: PDFContext) =>
  new Map(dict.entries().map(([key, value]) => [key, clone(value, context)]));

export async function parseTemplate(bytes: Uint8Array): Promise<Template> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context } = doc;
  const own = PDFContext.create(); // holds the extracts, so the parsed book itself can be collected
  const direct = <T extends PDFObject>(object: PDFObject | undefined) =>
    (object instanceof PDFRef ? context.lookup(object) : object) as T | undefined;
  const pages = doc.getPages().map(({ ref, node }) => {
    const dict = PDFPageLeaf.fromMapWithContext(new Map(node.entries()), context);
    // A copy's page cannot look into the base's objects: what it inherits from the page tree, and
    // what pdf-lib looks up to draw on it (contents, resources, annotations), are set on it directly.
    for (const key of PDFPageLeaf.InheritableEntries) {
      const value = direct(node.getInheritableAttribute(PDFName.of(key)));
      if (value) dict.set(PDFName.of(key), value);
    }
    const contents = direct(node.get(PDFName.of('Contents')));
    if (contents instanceof PDFArray) dict.set(PDFName.of('Contents'), contents);
    else if (contents) dict.set(PDFName.of('Contents'), context.obj([node.get(PDFName.of('Contents'))!]));
    const annots = direct(node.get(PDFName.of('Annots')));
    if (annots) dict.set(PDFName.of('Annots'), annots);
    const resources = direct<PDFDict>(dict.get(PDFName.of('Resources')));
    if (resources instanceof PDFDict) {
      const inlined = resources.clone(context);
      for (const key of ['Font', 'XObject', 'ExtGState']) {
        const value = direct(resources.get(PDFName.of(key)));
        if (value) inlined.set(PDFName.of(key), value);
      }
      dict.set(PDFName.of('Resources'), inlined);
    }
    return { ref, dict: clone(dict, own) };
  });
  const infoRef = context.trailerInfo.Info;
  const infoDict = direct(infoRef);
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin1(bytes, Math.max(0, bytes.length - 1024)))?.[1]);
  if (!Number.isInteger(prev) || prev >= bytes.length)
    throw new Error('The base PDF has no final cross-reference section');
  const section = latin1(bytes, prev);
  const declared = Number(/\/Size\s+(\d+)/.exec(section)?.[1] ?? 0);
  return {
    bytes,
    pages,
    info:
      infoRef instanceof PDFRef && infoDict instanceof PDFDict
        ? { ref: infoRef, dict: clone(infoDict, own) }
        : undefined,
    trailer: { Root: context.trailerInfo.Root, ID: context.trailerInfo.ID },
    size: Math.max(declared, context.largestObjectNumber + 1),
    prev,
    xrefStream: !section.startsWith('xref'),
  };
}

/** A new copy of the base: `edit` draws on its pages (and may set its Info), and only what it adds or changes is written after the base. */
export async function appendRevision(
  template: Template,
  edit: (doc: PDFDocument, pages: PDFPage[]) => Promise<void>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { context } = doc;
  // The new document's own catalog and page tree are not part of the update.
  for (const [ref] of context.enumerateIndirectObjects()) context.delete(ref);
  context.largestObjectNumber = template.size - 1;
  const pages = template.pages.map(({ ref, dict }) => {
    const leaf = clone(dict, context);
    context.assign(ref, leaf);
    return PDFPage.of(leaf, ref, doc);
  });
  if (template.info) context.assign(template.info.ref, clone(template.info.dict, context));
  context.trailerInfo = { Root: template.trailer.Root, ID: template.trailer.ID, Info: template.info?.ref };
  await edit(doc, pages);
  await doc.flush();
  return serialise(template, context);
}

/**
 * Draws on the first page, then gives every other page the same content streams and font
 * resources: a stamp is the same on every page, so a copy carries one stamp stream instead of one
 * per page (drawing and compressing it 43 times was a third of a stamping). A page whose own fonts
 * already use one of the keys is drawn on by itself.
 */
export function drawOnEvery(pages: PDFPage[], draw: (page: PDFPage) => void) {
  const [first, ...others] = pages;
  if (!first) return;
  const before = first.node.normalizedEntries();
  const [streams, fonts] = [before.Contents?.size() ?? 0, new Set(before.Font.keys())];
  draw(first);
  const after = first.node.normalizedEntries();
  const added = (after.Contents?.asArray() ?? []).slice(streams);
  const addedFonts = after.Font.entries().filter(([key]) => !fonts.has(key));
  for (const page of others) {
    const { Contents, Font } = page.node.normalizedEntries();
    if (addedFonts.some(([key]) => Font.has(key))) {
      draw(page);
      continue;
    }
    for (const [key, ref] of addedFonts) Font.set(key, ref);
    const contents = Contents ?? page.node.context.obj([]);
    for (const ref of added) contents.push(ref);
    page.node.set(PDFName.of('Contents'), contents);
  }
}

function serialise(template: Template, context: PDFContext): Uint8Array {
  const parts: Uint8Array[] = [template.bytes, Buffer.from('\n')];
  let offset = template.bytes.length + 1;
  const write = (
    ref: PDFRef,
    object: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number },
  ) => {
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    const at = offset;
    for (const part of [
      Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`),
      body,
      Buffer.from('\nendobj\n'),
    ]) {
      parts.push(part);
      offset += part.length;
    }
    return at;
  };
  const entries = context.enumerateIndirectObjects().map(([ref, object]) => [ref, write(ref, object)] as const);
  const trailer = {
    Root: context.trailerInfo.Root,
    Info: context.trailerInfo.Info,
    ID: context.trailerInfo.ID,
    Prev: PDFNumber.of(template.prev),
  };
  const xrefOffset = offset;
  if (template.xrefStream) {
    const ref = context.nextRef();
    const xref = PDFCrossRefStream.create(context.obj({ ...trailer, Size: ref.objectNumber + 1 }));
    for (const [entryRef, at] of entries) xref.addUncompressedEntry(entryRef, at);
    xref.addUncompressedEntry(ref, xrefOffset);
    write(ref, xref);
  } else {
    const xref = PDFCrossRefSection.createEmpty();
    for (const [entryRef, at] of entries) xref.addEntry(entryRef, at);
    const dict = PDFTrailerDict.of(context.obj({ ...trailer, Size: context.largestObjectNumber + 1 }));
    for (const object of [xref, dict]) {
      const bytes = new Uint8Array(object.sizeInBytes() + 1);
      object.copyBytesInto(bytes, 0);
      bytes[bytes.length - 1] = 0x0a;
      parts.push(bytes);
    }
  }
  const tail = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset);
  const end = new Uint8Array(tail.sizeInBytes());
  tail.copyBytesInto(end, 0);
  parts.push(end, Buffer.from('\n'));
  const copy = Buffer.concat(parts);
  return new Uint8Array(copy.buffer, copy.byteOffset, copy.byteLength);
}
