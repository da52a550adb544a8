import { createHash } from 'node:crypto';

/**
 * The CSP of a shared document allows its inline scripts by their SHA-256 hashes, with no nonce
 * (docs/decisions/0018-shareable-documents.md). Hashing every inline script would allow an
 * injected one as well (`'unsafe-inline'` by another name), so only scripts of a form Next and
 * React write get a hash:
 *
 * - Next's flight bootstrap, `(self.__next_f=self.__next_f||[]).push([0])`;
 * - its flight data, `self.__next_f.push([1,"…"])` (or `[3,"base64"]`), whose argument parses as
 *   JSON and is written exactly as Next writes it (stream-ops: JSON.stringify, then `<`, `>`, `&`,
 *   U+2028 and U+2029 escaped);
 * - Turbopack's chunk-group bootstrap, `(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({…})`
 *   (get-page-files.js, getTurbopackChunkGroupBootstrap), its argument only the build's chunk
 *   paths and module ids, written as JSON.stringify writes them; React writes it with `id="_R_"`
 *   (its bootstrap script);
 * - React's fixed streaming snippets (REACT_SNIPPETS).
 *
 * Scripts that load a file (`src`) must name one of the build's chunks and hold nothing; data
 * blocks (`type="application/ld+json"`) run nothing and need no hash. Anything else (another
 * inline script, a `nonce`, an attribute Next does not write) refuses the document: it is not
 * shared, and goes out on the nonce path. The scan reads the HTML as a browser's tokenizer does
 * where it matters (where a start tag ends, where script text ends); a text it reads otherwise
 * (a `<script` inside a comment, say) only ever makes it refuse a document, never allow a script.
 */
export type ScriptScan = { ok: true; hashes: string[] } | { ok: false; reason: string };

const BOOTSTRAP = '(self.__next_f=self.__next_f||[]).push([0])';
const PUSH = /^self\.__next_f\.push\((\[[\s\S]*\])\)$/;
const FLIGHT_DATA = 1;
const FLIGHT_BINARY = 3;

/** React's fixed inline snippets (react-dom/server, Fizz), as the installed React writes them; script-hashes.test.ts checks each is there. */
export const REACT_SNIPPETS: readonly string[] = ['requestAnimationFrame(function(){$RT=performance.now()});'];

/** One chunk group's bootstrap (getTurbopackChunkGroupBootstrap); a page's are joined by line breaks. */
const TURBOPACK_PUSH = /^\(globalThis\[("[A-Za-z_$][\w$]*")\] \|\| \(globalThis\[\1\] = \[\]\)\)\.push\((\{.*\})\);$/;
const TURBOPACK_CHUNK = /^static\/chunks\/[\w\-.~/]+\.js$/;
/** The id React gives its bootstrap script (bootstrapScriptContent), the only attribute an inline script may have. */
const BOOTSTRAP_ID = '_R_';

/** Where a chunk may be loaded from: the build's own files, by a plain path. */
const CHUNK = /^\/_next\/static\/[\w\-.~/]+\.js$/;
/** The attributes Next writes on the scripts that load its chunks. */
const CHUNK_ATTRIBUTES = new Set(['src', 'async', 'nomodule', 'id']);
const DATA_TYPES = new Set(['application/ld+json', 'application/json']);

const htmlEscapeJson = (json: string) =>
  json.replace(/[&<>\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Whether `line` is one Turbopack chunk-group bootstrap: the build's chunks and module ids, nothing else. */
function isTurbopackBootstrap(line: string): boolean {
  const push = TURBOPACK_PUSH.exec(line);
  if (!push) return false;
  let params: unknown;
  try {
    params = JSON.parse(push[2]!);
  } catch {
    return false;
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  const { otherChunks, runtimeModuleIds, ...rest } = params as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    Array.isArray(otherChunks) &&
    otherChunks.every((chunk) => typeof chunk === 'string' && TURBOPACK_CHUNK.test(chunk)) &&
    Array.isArray(runtimeModuleIds) &&
    runtimeModuleIds.every((id) => Number.isSafeInteger(id)) &&
    JSON.stringify(params) === push[2]
  );
}

/** Whether `text` is an inline script of a known form. */
export function isKnownInlineScript(text: string): boolean {
  if (text === BOOTSTRAP || REACT_SNIPPETS.includes(text)) return true;
  if (text.startsWith('(globalThis[')) return text.split('\n').every(isTurbopackBootstrap);
  const push = PUSH.exec(text);
  if (!push) return false;
  let value: unknown;
  try {
    value = JSON.parse(push[1]!);
  } catch {
    return false;
  }
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (value[0] === FLIGHT_DATA || value[0] === FLIGHT_BINARY) &&
    typeof value[1] === 'string' &&
    htmlEscapeJson(JSON.stringify(value)) === push[1]
  );
}

/** The CSP source that allows an inline script whose text is `text` (as the browser hashes it: its UTF-8 bytes). */
export const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const SCRIPT_OPEN = /<script(?=[\t\n\f\r />])/gi;
const SCRIPT_CLOSE = /<\/script(?=[\t\n\f\r />])/gi;
const SPACE = /[\t\n\f\r ]/;

type StartTag = { attributes: Map<string, string>; end: number } | { reason: string };

/** The attributes of a start tag whose name ends at `from`, and the index after its `>`. */
function readStartTag(html: string, from: number): StartTag {
  const attributes = new Map<string, string>();
  let at = from;
  for (;;) {
    while (at < html.length && (SPACE.test(html[at]!) || html[at] === '/')) at += 1;
    if (at >= html.length) return { reason: 'a script tag that never ends' };
    if (html[at] === '>') return { attributes, end: at + 1 };
    const nameStart = at;
    while (at < html.length && !/[\t\n\f\r />=]/.test(html[at]!)) at += 1;
    const name = html.slice(nameStart, at).toLowerCase();
    while (at < html.length && SPACE.test(html[at]!)) at += 1;
    let value = '';
    if (html[at] === '=') {
      at += 1;
      while (at < html.length && SPACE.test(html[at]!)) at += 1;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        if (close === -1) return { reason: 'a script tag that never ends' };
        value = html.slice(at + 1, close);
        at = close + 1;
      } else {
        const valueStart = at;
        while (at < html.length && !/[\t\n\f\r >]/.test(html[at]!)) at += 1;
        value = html.slice(valueStart, at);
      }
    }
    if (attributes.has(name)) return { reason: `a script with its ${name} attribute twice` };
    attributes.set(name, value);
  }
}

/** A script's text for the log: its start, escaped, never the whole of it. */
const excerpt = (text: string) => JSON.stringify(text.slice(0, 80)) + (text.length > 80 ? '…' : '');

/**
 * The hashes that allow this document's inline scripts, in document order (each once), or why
 * the document may not be shared.
 */
export function inlineScriptHashes(document: Uint8Array): ScriptScan {
  const html = Buffer.from(document.buffer, document.byteOffset, document.byteLength).toString('utf8');
  const hashes = new Set<string>();
  SCRIPT_OPEN.lastIndex = 0;
  for (let open = SCRIPT_OPEN.exec(html); open; open = SCRIPT_OPEN.exec(html)) {
    const tag = readStartTag(html, open.index + '<script'.length);
    if ('reason' in tag) return { ok: false, reason: tag.reason };
    SCRIPT_CLOSE.lastIndex = tag.end;
    const close = SCRIPT_CLOSE.exec(html);
    if (!close) return { ok: false, reason: 'a script that never ends' };
    const text = html.slice(tag.end, close.index);
    SCRIPT_OPEN.lastIndex = close.index;
    const { attributes } = tag;
    // A comment opener moves where a browser ends the script (the HTML spec's "escaped" states).
    if (text.includes('<!--')) return { ok: false, reason: `a script holding "<!--": ${excerpt(text)}` };
    if (attributes.has('nonce')) return { ok: false, reason: 'a script with a nonce' };
    const type = attributes.get('type')?.trim().toLowerCase();
    if (type !== undefined && DATA_TYPES.has(type) && attributes.size === 1) continue;
    if (attributes.has('src')) {
      const src = attributes.get('src')!;
      const known =
        CHUNK.test(src) && text === '' && [...attributes.keys()].every((name) => CHUNK_ATTRIBUTES.has(name));
      if (!known)
        return {
          ok: false,
          reason: `a script loading ${excerpt(src)} with attributes ${[...attributes.keys()].join(' ')}`,
        };
      continue;
    }
    const bootstrap = attributes.size === 1 && attributes.get('id') === BOOTSTRAP_ID;
    if (attributes.size > 0 && !bootstrap)
      return { ok: false, reason: `an inline script with attributes ${excerpt([...attributes.keys()].join(' '))}` };
    // The browser's tokenizer reads CR and CRLF as LF, and a NUL as U+FFFD: no known form has either.
    if (/[\r\0]/.test(text) || !isKnownInlineScript(text))
      return { ok: false, reason: `an inline script of no known form: ${excerpt(text)}` };
    hashes.add(scriptHash(text));
  }
  return { ok: true, hashes: [...hashes] };
}
