// `npm run build`'s last step: a fresh PGlite database, dumped to dist/pglite-template-<version>.tar.gz,
// which every new embedded database then starts from instead of running initdb (lib/db/pglite-template.ts).
// Kept when it is there already: it depends on nothing but the PGlite version in its name.
import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
const target = join(root, 'dist', `pglite-template-${version}.tar.gz`);
if (!existsSync(target)) {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  try {
    const db = await PGlite.create(join(dir, 'pglite'));
    const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    await db.close();
    mkdirSync(join(root, 'dist'), { recursive: true });
    // Written whole, then renamed: a server starting meanwhile sees no template or all of it.
    writeFileSync(`${target}.${process.pid}.tmp`, dump);
    renameSync(`${target}.${process.pid}.tmp`, target);
    console.log(`PGlite template: ${target.slice(root.length)} (${(dump.length / 1e6).toFixed(1)} MB)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
