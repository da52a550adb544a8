import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A new PGlite database starts as a copy of a fresh one made at build time
 * (scripts/pglite-template.mjs), not with initdb: initdb in WebAssembly costs about 8 s of CPU,
 * loading the copy under 2. The copy is exactly what initdb writes (no schema: migrations run as
 * always), named by the PGlite version that made it, so a different version never loads it.
 */
export function pgliteTemplatePath(root = process.cwd()): string | undefined {
  try {
    const { version } = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    return join(root, 'dist', `pglite-template-${version}.tar.gz`);
  } catch {
    return undefined;
  }
}

/** The template to load into `dir`, when `dir` holds no database yet and the build made one. */
export function pgliteTemplateFor(dir: string, template: string | undefined): Blob | undefined {
  if (!template || existsSync(join(dir, 'PG_VERSION')) || !existsSync(template)) return undefined;
  try {
    return new Blob([readFileSync(template)]);
  } catch {
    // Unreadable: initdb makes the database instead, as without a template.
    return undefined;
  }
}
