import { isSameOriginPath } from '@/lib/security/same-origin-path';

/**
 * The tiny inline markup of content/documents: **bold** and [label](url). Parsed into
 * tokens (never into HTML), so document text cannot inject markup.
 */
export type InlineToken =
  | { type: 'text'; value: string }
  | { type: 'bold'; value: string }
  | { type: 'link'; label: string; href: string; external: boolean };

const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function safeHref(href: string): { href: string; external: boolean } | null {
  if (isSameOriginPath(href)) return { href, external: false };
  if (/^https?:\/\//i.test(href)) return { href, external: true };
  if (/^mailto:/i.test(href)) return { href, external: false };
  return null;
}

export function parseInline(text: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) tokens.push({ type: 'text', value: text.slice(last, index) });
    if (match[1] !== undefined) {
      tokens.push({ type: 'bold', value: match[1] });
    } else {
      const label = match[2] ?? '';
      const target = safeHref(match[3] ?? '');
      tokens.push(target ? { type: 'link', label, ...target } : { type: 'text', value: label });
    }
    last = index + match[0].length;
  }
  if (last < text.length) tokens.push({ type: 'text', value: text.slice(last) });
  return tokens;
}
