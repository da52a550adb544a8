/** XHTML pieces shared by every file of the EPUB. */

/** Text for XHTML content and attribute values: a buyer's name goes through here. */
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type Language = { lang: string; dir: 'ltr' | 'rtl' };

/** A content document: the edition's language and direction on the root, the one stylesheet. */
export function xhtmlDocument({ lang, dir }: Language, title: string, body: string, bodyType?: string): string {
  const dirAttribute = dir === 'rtl' ? ' dir="rtl"' : '';
  const type = bodyType ? ` epub:type="${bodyType}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" xml:lang="${lang}"${dirAttribute}>
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="book.css"/>
</head>
<body${type}>
${body}
</body>
</html>
`;
}

/** Where a page of the printed (PDF) edition begins: invisible, announced, and a target of the page list. */
export const pageBreak = (page: number) =>
  `<span epub:type="pagebreak" role="doc-pagebreak" id="page-${page}" aria-label="${page}" title="${page}"></span>`;
