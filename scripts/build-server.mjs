// Bundles the front door (lib/server/main.ts) into dist/server.mjs, which `npm start` runs with
// plain Node, and the operator's tools beside it; then checks that every edition's typeset book
// is in content/books (no browser needed: `npm run books` typesets them). `--outdir DIR` bundles
// elsewhere (a test's own copy); `--no-books` skips the check. Packages stay external (Next,
// zod… load from node_modules as usual).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @param {string} relative a path from the repository's root */
const path = (relative) => fileURLToPath(new URL(`../${relative}`, import.meta.url));
const outdirFlag = process.argv.indexOf('--outdir');
const outdirArg = outdirFlag > 0 ? process.argv[outdirFlag + 1] : undefined;
if (outdirFlag > 0 && outdirArg === undefined) throw new Error('build-server.mjs: --outdir needs a directory');
const outdir = outdirArg === undefined ? path('dist') : resolve(outdirArg);
const entries = {
  server: 'lib/server/main.ts',
  books: 'lib/cli/books-main.ts',
  cluster: 'deploy/cluster-cli.ts',
  shop: 'lib/cli/shop-main.ts',
  'pglite-template': 'lib/cli/pglite-template-main.ts',
};

await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path(file)])),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // `server-only` guards React Server Components; these are plain server programs.
  alias: { 'server-only': path('lib/testing/server-only-stub.ts') },
  logLevel: 'warning',
});

if (!process.argv.includes('--no-books')) {
  const result = spawnSync(process.execPath, [resolve(outdir, 'books.mjs'), '--check'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
