// Bundles the front door (lib/server/main.ts) into dist/server.mjs, which `npm start` runs with
// plain Node. Packages stay external (Next, zod… load from node_modules as usual).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

await build({
  entryPoints: [fileURLToPath(new URL('../lib/server/main.ts', import.meta.url))],
  outfile: fileURLToPath(new URL('../dist/server.mjs', import.meta.url)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // `server-only` guards React Server Components; the front door is plain server code.
  alias: { 'server-only': fileURLToPath(new URL('../lib/testing/server-only-stub.ts', import.meta.url)) },
  logLevel: 'warning',
});
