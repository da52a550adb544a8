import { describe, expect, it } from 'vitest';
import sanitize from 'sanitize-html';
import { htmlToText, sanitizeHtml } from './sanitize-html';

/** Known XSS and mutation-XSS payloads (OWASP cheat sheet, DOMPurify and PortSwigger research). */
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="//evil.example/phish">click</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<style>@import "//evil.example/x.css";</style>',
  '<p onclick="alert(1)" onmouseover="alert(2)">hover</p>',
  '<body onload=alert(1)>',
  '<base href="//evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="//evil.example/x.css">',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<a href="https://ok.example" onclick="alert(1)" style="color:red" target="_blank">ok</a>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
];

const ALLOWED_SCHEMES = /^(https?:|mailto:|\/(?!\/)|#|[^:]*$)/i;

/** Re-parses the output and reports anything outside the allowlist's promises. */
function problems(html: string): string[] {
  const found: string[] = [];
  sanitize(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => {
      if (
        [
          'script',
          'style',
          'iframe',
          'object',
          'embed',
          'svg',
          'math',
          'base',
          'meta',
          'link',
          'form',
          'input',
          'template',
          'textarea',
          'body',
          'head',
        ].includes(frame.tag)
      ) {
        found.push(`tag <${frame.tag}>`);
      }
      for (const [name, value] of Object.entries(frame.attribs)) {
        if (/^on/i.test(name)) found.push(`handler ${name}`);
        if (name === 'style') found.push('style attribute');
        if (
          ['href', 'src', 'srcdoc', 'data', 'action', 'formaction'].includes(name) &&
          !ALLOWED_SCHEMES.test(value.trim())
        ) {
          found.push(`${name}=${value}`);
        }
      }
      return false;
    },
  });
  return found;
}

describe('sanitizeHtml', () => {
  it.each(payloads)('neutralises %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(problems(clean)).toEqual([]);
    // Outside attribute values (where the parser escaped them into inert text), nothing live remains.
    const markupOnly = clean.replace(/"[^"]*"/g, '""');
    expect(markupOnly).not.toMatch(/<script|javascript:|vbscript:|data:text|onerror=|onload=/i);
  });

  it('is idempotent on its own output, so re-sanitizing cannot mutate into something live', () => {
    for (const payload of payloads) {
      const once = sanitizeHtml(payload);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });

  it('keeps ordinary article markup', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>soft</em> words, a <a href="/blog">link</a>.</p><ul><li>One</li></ul><blockquote>Quote</blockquote>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps only the body of a whole document and drops the head', () => {
    const doc =
      '<!DOCTYPE html><html><head><title>Secret title</title><style>p{}</style></head><body><h2>Terms</h2><p>Body text</p></body></html>';
    expect(sanitizeHtml(doc)).toBe('<h2>Terms</h2><p>Body text</p>');
  });

  it('demotes h1, marks external links noopener, lazy-loads images', () => {
    expect(sanitizeHtml('<h1>Big</h1>')).toBe('<h2>Big</h2>');
    expect(sanitizeHtml('<a href="https://ok.example" target="_blank">ok</a>')).toBe(
      '<a href="https://ok.example" rel="noopener noreferrer">ok</a>',
    );
    expect(sanitizeHtml('<img src="/images/a.svg" alt="A">')).toBe(
      '<img src="/images/a.svg" alt="A" loading="lazy" decoding="async" />',
    );
  });

  it('does not let a backend set rel or loading itself', () => {
    expect(sanitizeHtml('<a href="/x" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
  });
});

describe('htmlToText', () => {
  it('gives the visible text only', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>there</b></p><script>alert(1)</script><p>Fish &amp; chips</p>')).toBe(
      'Hello there Fish & chips',
    );
  });
});
