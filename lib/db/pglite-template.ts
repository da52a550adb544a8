import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations';

/**
 * A new PGlite database starts as a copy of a fresh, migrated one made at build time
 * (lib/db/pglite-template-writer.ts, `npm run build`'s last step), not with initdb and every
 * migration: initdb in WebAssembly costs about 8 s of CPU and the migrations most of another.
 * The template is a ready data directory, copied file by file by the kernel: loading a dump
 * instead wrote every file through PGlite's WebAssembly file system (about 1 s more CPU).
 * Its name holds the PGlite version that made it and a fingerprint of the migrations it has, so a
 * copy from another version or another schema is never used (migrate() would bring an older
 * schema up to date anyway: the name keeps the build making a new one).
 */
export function pgliteTemplatePath(root = process.cwd()): string | undefined {
  try {
    const { version } = JSON.parse(
      readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    ) as { version: string };
    return join(root, 'dist', `pglite-template-${version}-${migrationsFingerprint()}`);
  } catch {
    return undefined;
  }
}

/** Twelve hex digits that change with any migration's version, name or SQL. */
export function migrationsFingerprint(): string {
  return createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 12);
}

/** Whether `dir` holds a PostgreSQL data directory (its PG_VERSION file is there). */
export const isDataDir = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Copies the template into `dir` when `dir` holds no database yet and the build made one, and
 * says whether it did. PG_VERSION goes last: a copy cut short by a kill leaves a directory that
 * is still "no database", which the next start fills again; a copy that fails (a full disk) is
 * taken back, and initdb makes the database instead, as without a template. Files already in
 * `dir` that the template lacks (the lock's owner.pid) are left alone.
 */
export function seedFromTemplate(dir: string, template: string | undefined): boolean {
  if (!template || isDataDir(dir) || !isDataDir(template)) return false;
  const version = join(template, 'PG_VERSION');
  try {
    cpSync(template, dir, { recursive: true, filter: (source) => source !== version });
    copyFileSync(version, join(dir, 'PG_VERSION'));
    return true;
  } catch {
    try {
      for (const entry of readdirSync(template)) rmSync(join(dir, entry), { recursive: true, force: true });
    } catch {
      // The template itself went unreadable: nothing more can be named to take back.
    }
    return false;
  }
}
