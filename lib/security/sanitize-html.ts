import sanitize from 'sanitize-html';

/**
 * The one sanitizer for HTML that comes from a backend (terms, blog posts). It works
 * from an allowlist: structural and text tags only; no scripts, styles, frames, forms,
 * SVG or MathML; no event handlers or style attributes; links and images only to
 * http(s) (and mailto for links) or relative URLs. The parser re-serialises the
 * result, so mutation-XSS tricks that rely on a browser re-parsing differently find
 * no raw markup to work with.
 */
const allowedTags = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'mark',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'blockquote',
  'code',
  'pre',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'div',
  'span',
  'section',
  'article',
  'header',
  'footer',
  'aside',
];

// Elements whose contents are dropped along with them, not kept as text.
const dropWithContents = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'title',
  'iframe',
  'frame',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'xmp',
  'plaintext',
  'head',
];

const options: sanitize.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title', 'lang', 'hreflang'],
    img: ['src', 'alt', 'width', 'height'],
    abbr: ['title'],
    ol: ['start', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['lang', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: dropWithContents,
  exclusiveFilter: (frame) => dropWithContents.includes(frame.tag),
  transformTags: {
    // The page owns the only h1; a backend's headings start one level down.
    h1: 'h2',
    a: (tagName, { rel: _ignoredRel, ...attribs }) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs };
    },
    img: (tagName, { loading: _l, decoding: _d, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, loading: 'lazy', decoding: 'async' },
    }),
  },
  // rel, loading and decoding are only ever added by the transforms above.
  allowedClasses: {},
};
options.allowedAttributes = {
  ...(options.allowedAttributes as Record<string, string[]>),
  a: ['href', 'title', 'lang', 'hreflang', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
};

/** Sanitizes an HTML fragment or a whole document; of a document only the body's content survives. */
export function sanitizeHtml(dirty: string): string {
  return sanitize(dirty, options).trim();
}

/** The text of an HTML string, for descriptions and previews (tags dropped, whitespace collapsed). */
export function htmlToText(html: string): string {
  // Block boundaries become spaces, so "</p><p>" does not glue two words together.
  const spaced = html.replace(
    /<(br|\/(p|h[1-6]|li|dt|dd|div|blockquote|tr|td|th|section|article|pre|figcaption))\b[^>]*>/gi,
    '$& ',
  );
  return sanitize(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: dropWithContents,
    exclusiveFilter: (frame) => dropWithContents.includes(frame.tag),
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
