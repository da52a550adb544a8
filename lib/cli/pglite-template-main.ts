import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { writePgliteTemplate } from '@/lib/db/pglite-template-writer';

/** `npm run build`'s last step (bundled to dist/pglite-template.mjs): the embedded database's template. */
async function main() {
  const written = await writePgliteTemplate();
  if (!written) {
    console.error('PGlite template: @electric-sql/pglite is not installed here');
    process.exit(1);
  }
  if (written.made) console.log(`PGlite template: ${relative(process.cwd(), written.path)} (${(statSync(written.path).size / 1e6).toFixed(1)} MB)`);
}

void main();
