import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writePgliteTemplate } from '@/lib/db/pglite-template-writer';

/* eslint-disable no-console -- `npm run build`'s last step says what it wrote (or why it could
   not) to whoever runs the build: a build step's report, not the server's log. */

/** The bytes of the files under a directory. */
const sizeOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).reduce(
    (sum, entry) => sum + statSync(join(dir, entry)).size,
    0,
  );

/** `npm run build`'s last step (bundled to dist/pglite-template.mjs): the embedded database's template. */
async function main() {
  const written = await writePgliteTemplate();
  if (!written) {
    console.error('PGlite template: @electric-sql/pglite is not installed here');
    process.exit(1);
  }
  if (written.made)
    console.log(
      `PGlite template: ${relative(process.cwd(), written.path)} (${(sizeOf(written.path) / 1e6).toFixed(1)} MB)`,
    );
}

void main();
