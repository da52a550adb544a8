import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { negotiateEncoding } from '@/lib/http/quality-list';

/**
 * The build's hashed static files (`/_next/static/…`), sent as the build compressed them
 * (scripts/precompress.mjs: brotli at its highest quality, gzip at level 9), instead of being
 * compressed again, at a faster and weaker level, for every request. A phone gets about a sixth
 * fewer bytes of JavaScript, and a page load costs the server a fraction of the CPU.
 *
 * Anything this cannot answer exactly (no compressed copy, a client that takes neither encoding
 * or refuses it with q=0, a Range request, a path that is not plainly a file name) is left to
 * Next, unchanged.
 */
const STATIC_PREFIX = '/_next/static/';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

// The types of the files the build compresses; anything else is Next's to serve.
const TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

// Letters, digits and . _ - ~ between slashes; no empty, "." or ".." segment.
const SAFE_PATH = /^(?:[\w~-][\w.~-]*\/)*[\w~-][\w.~-]*$/;

/** The codings this server sends, most preferred first: the static copies and the front door's compression alike. */
export const CODINGS: readonly string[] = ENCODINGS.map(({ name }) => name);

/**
 * Sends `pathname` (under STATIC_PREFIX) from `staticDir`'s compressed copies when the client takes
 * one; resolves false, having written nothing, when the request is Next's to answer.
 */
export async function sendPrecompressed(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  staticDir: string,
): Promise<boolean> {
  if (
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    req.headers.range !== undefined ||
    !pathname.startsWith(STATIC_PREFIX)
  )
    return false;
  const relative = pathname.slice(STATIC_PREFIX.length);
  const type = TYPES[relative.slice(relative.lastIndexOf('.') + 1)];
  if (!type || !SAFE_PATH.test(relative)) return false;
  const file = join(staticDir, relative);
  if (!file.startsWith(staticDir.endsWith(sep) ? staticDir : staticDir + sep)) return false;
  // The client's choice among the copies there are (RFC 9110, lib/http/quality-list.ts); identity is Next's to send.
  let offered = CODINGS;
  for (;;) {
    const coding = negotiateEncoding(req.headers['accept-encoding'], offered);
    const encoding = ENCODINGS.find(({ name }) => name === coding);
    if (!encoding) return false;
    let body: Buffer;
    try {
      body = await readFile(file + encoding.suffix);
    } catch {
      // Not compressed by the build (too small, say): the client's next choice, or Next.
      offered = offered.filter((name) => name !== coding);
      continue;
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': encoding.name,
      'Content-Length': body.byteLength,
      // The file's name is its content's hash: it never changes (what Next sends for these too).
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}
