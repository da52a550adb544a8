import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * CSP hashes for the stylesheets Next inlines (`experimental.inlineCss`,
 * docs/decisions/0006-inline-css-by-hash.md: the first screen's CSS arrives inside the HTML instead of one more round trip), which carry no nonce (Next
 * hands React the nonce for scripts only). Every response's policy allows each of the build's
 * sheets on its own (a client navigation adds a page's missing sheets) and the empty element
 * (React writes one when a page has none); a document's own element, its sheets concatenated in
 * its order, is allowed by the front door for that response alone (documentStyleHashes below).
 */
export function sheetHashes(sheets: readonly string[]): string[] {
  return [...new Set(['', ...sheets].map(styleHash))].sort();
}

/** The production build's stylesheets (`.next/static/**.css`), as Next inlines them. */
export function buildStylesheets(distDir: string): string[] {
  const root = join(distDir, 'static');
  let entries: string[];
  try {
    entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.endsWith('.css'))
    .sort()
    .map((entry) => readFileSync(join(root, entry), 'utf8'));
}

/** The CSP source that allows an element whose text is `text`. */
const styleHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Whether `text` is made of the build's own sheets, one after another, in any order (React writes
 * a page's inlined sheets as one element, concatenated): what the front door checks before it
 * allows a document's inline CSS by its hash, so CSS injected into a page is never allowed.
 */
export function isBuildCss(text: string, sheets: readonly string[]): boolean {
  const usable = sheets.filter((sheet) => sheet.length > 0);
  // reachable[i]: the first i characters are whole sheets. Each offset is looked at once, so a
  // long text that almost matches costs (length × sheets), never more, and no deep recursion.
  const reachable = new Uint8Array(text.length + 1);
  reachable[0] = 1;
  for (let offset = 0; offset < text.length; offset += 1) {
    if (!reachable[offset]) continue;
    for (const sheet of usable) if (text.startsWith(sheet, offset)) reachable[offset + sheet.length] = 1;
  }
  return reachable[text.length] === 1;
}

const STYLE_OPEN = Buffer.from('<style data-precedence=');
const STYLE_CLOSE = Buffer.from('</style>');

/**
 * The hashes that allow the inline CSS React wrote into this document (its hoisted
 * `<style data-precedence>` elements, which carry no nonce), for the elements whose text is made
 * of the build's own sheets; any other inline CSS gets no hash and stays blocked.
 */
export function documentStyleHashes(html: Uint8Array, sheets: readonly string[]): string[] {
  const bytes = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const hashes = new Set<string>();
  for (let at = bytes.indexOf(STYLE_OPEN); at !== -1; at = bytes.indexOf(STYLE_OPEN, at + 1)) {
    const start = bytes.indexOf('>', at) + 1;
    const end = bytes.indexOf(STYLE_CLOSE, start);
    if (start === 0 || end === -1) break;
    const text = bytes.subarray(start, end).toString('utf8');
    if (isBuildCss(text, sheets)) hashes.add(styleHash(text));
  }
  return [...hashes];
}
