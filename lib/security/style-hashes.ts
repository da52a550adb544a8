import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * CSP hashes for the stylesheets Next inlines into documents (`experimental.inlineCss`, issue 31:
 * the first screen's CSS arrives inside the HTML instead of one more round trip). React writes a
 * page's inlined sheets as one `<style>` element, their rules concatenated in the page's order,
 * and without our nonce (Next hands React the nonce for scripts only). So the policy allows that
 * element by hash: one for every ordered selection of the build's sheets, the empty one included
 * (React writes an empty element when a page has none).
 */
export function inlineStyleHashes(sheets: readonly string[]): string[] {
  if (sheets.length > MAX_SHEETS) {
    throw new Error(`The build has ${sheets.length} stylesheets; inlined styles are allowed by hash for at most ${MAX_SHEETS} (lib/security/style-hashes.ts).`);
  }
  const hashes = new Set<string>();
  const visit = (text: string, left: readonly string[]) => {
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    left.forEach((sheet, index) => visit(text + sheet, left.filter((_, other) => other !== index)));
  };
  visit('', sheets);
  return [...hashes].sort();
}

// 5 sheets make 326 selections; the build has 3 (one per CSS chunk Next emits).
const MAX_SHEETS = 5;

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
