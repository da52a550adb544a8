import { escapeXml } from './xhtml';

/**
 * The package document (OPF): metadata, including the accessibility metadata EPUB
 * Accessibility 1.1 asks for, the manifest and the spine. A buyer's copy adds `dc:rights`.
 */
export type PackageInput = {
  identifier: string;
  /** The identifier of the PDF edition whose pages the page list follows. */
  pageSource: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  subtitle: string;
  creator: string;
  modified: string;
  items: { id: string; href: string; type: string; properties?: string }[];
  spine: string[];
};

export const RIGHTS_SLOT = '<!-- rights -->';

const FEATURES = [
  'tableOfContents',
  'readingOrder',
  'structuralNavigation',
  'pageNavigation',
  'printPageNumbers',
  'alternativeText',
  'displayTransformability',
];

const SUMMARY =
  'A reflowable book with a table of contents, headings for every chapter and section, numbered exercise steps, ' +
  "page markers matching the PDF edition's pages, and a described cover; text can be resized and restyled, " +
  'and nothing in it depends on colour, sound or images alone. It meets WCAG 2.2 Level AA.';

export function packageDocument(input: PackageInput): string {
  const dir = input.dir === 'rtl' ? ' dir="rtl"' : '';
  const meta = (property: string, value: string) => `<meta property="${property}">${escapeXml(value)}</meta>`;
  const items = input.items.map(
    (item) =>
      `<item id="${item.id}" href="${item.href}" media-type="${item.type}"${item.properties ? ` properties="${item.properties}"` : ''}/>`,
  );
  const progression = input.dir === 'rtl' ? ' page-progression-direction="rtl"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${input.lang}"${dir} prefix="a11y: http://www.idpf.org/epub/vocab/package/a11y/#">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">${escapeXml(input.identifier)}</dc:identifier>
<dc:title id="title">${escapeXml(input.title)}</dc:title>
<dc:language>${escapeXml(input.lang)}</dc:language>
<dc:creator id="creator">${escapeXml(input.creator)}</dc:creator>
<dc:publisher>${escapeXml(input.creator)}</dc:publisher>
<dc:description>${escapeXml(input.subtitle)}</dc:description>
${RIGHTS_SLOT}
${meta('dcterms:modified', input.modified)}
${meta('schema:accessMode', 'textual')}
${meta('schema:accessMode', 'visual')}
${meta('schema:accessModeSufficient', 'textual')}
${FEATURES.map((feature) => meta('schema:accessibilityFeature', feature)).join('\n')}
${meta('schema:accessibilityHazard', 'none')}
<meta property="schema:accessibilitySummary" xml:lang="en">${escapeXml(SUMMARY)}</meta>
${meta('dcterms:conformsTo', 'EPUB Accessibility 1.1 - WCAG 2.2 Level AA')}
${meta('a11y:certifiedBy', input.creator)}
${meta('pageBreakSource', input.pageSource)}
</metadata>
<manifest>
${items.join('\n')}
</manifest>
<spine${progression}>
${input.spine.map((id) => `<itemref idref="${id}"/>`).join('\n')}
</spine>
</package>
`;
}

/** The licence line as the package's rights statement (a buyer's copy). */
export const rightsElement = (text: string) => `<dc:rights>${escapeXml(text)}</dc:rights>`;
