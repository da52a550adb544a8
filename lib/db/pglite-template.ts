import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations';

/**
 * A new PGlite database starts as a copy of a fresh, migrated one made at build time
 * (lib/db/pglite-template-writer.ts, `npm run build`'s last step), not with initdb and every
 * migration: initdb in WebAssembly costs about 8 s of CPU and the migrations most of another,
 * loading the copy about 1.5. Its name holds the PGlite version that made it and a fingerprint of
 * the migrations it has, so a copy from another version or another schema is never loaded
 * (migrate() would bring an older schema up to date anyway: the name keeps the build making a new one).
 */
export function pgliteTemplatePath(root = process.cwd()): string | undefined {
  try {
    const { version } = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    return join(root, 'dist', `pglite-template-${version}-${migrationsFingerprint()}.tar.gz`);
  } catch {
    return undefined;
  }
}

/** Twelve hex digits that change with any migration's version, name or SQL. */
export function migrationsFingerprint(): string {
  return createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 12);
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
