// Bundles the front door (lib/server/main.ts) into dist/server.mjs, which `npm start` runs with
// plain Node, and the operator's tools beside it; then typesets every edition into dist/books.
// Packages stay external (Next, zod… load from node_modules as usual).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const path = (relative) => fileURLToPath(new URL(`../${relative}`, import.meta.url));
const entries = { server: 'lib/server/main.ts', 'typeset-books': 'lib/server/typeset-books.ts', cluster: 'deploy/cluster-cli.ts', shop: 'lib/cli/shop-main.ts' };

await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path(file)])),
  outdir: path('dist'),
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
  const result = spawnSync(process.execPath, [path('dist/typeset-books.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
