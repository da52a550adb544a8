// `npm run build`'s step after `next build`: a brotli (quality 11) and a gzip (level 9) copy beside
// every compressible file of .next/static, which the front door sends as they are
// (lib/server/precompressed.ts). Too slow to do per request, and done once here: about 14% fewer
// bytes than brotli at the per-request quality, and no compression work for the server.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const staticDir = join(root, '.next', 'static');
// The types lib/server/precompressed.ts serves; fonts and pictures are compressed already.
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
// Below this, headers outweigh what compression saves (the threshold the front door compresses at).
const MIN_BYTES = 1024;

/**
 * Every compressible file of at least MIN_BYTES under a directory.
 * @param {string} dir
 * @returns {Generator<string>}
 */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(staticDir)) {
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
  before += body.byteLength;
  after += br.byteLength;
}
console.log(
  `Precompressed ${count} static files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB as brotli`,
);
