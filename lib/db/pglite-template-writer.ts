import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDb } from './client';
import { pgliteTemplatePath } from './pglite-template';

/**
 * Makes the build's PGlite template (lib/db/pglite-template.ts) unless it is there already: a
 * fresh database with every migration applied, closed cleanly, kept as its data directory.
 * Resolves to its path, or undefined when PGlite is not installed where `root` says.
 */
export async function writePgliteTemplate(root = process.cwd()): Promise<{ path: string; made: boolean } | undefined> {
  const target = pgliteTemplatePath(root);
  if (!target) return undefined;
  if (existsSync(target)) return { path: target, made: false };
  mkdirSync(dirname(target), { recursive: true });
  // Made beside its final place, then renamed: a server starting meanwhile sees no template or all of it.
  const work = mkdtempSync(`${target}.tmp-`);
  try {
    // openDb runs initdb (no template by this name exists yet) and every migration, as a server would.
    const db = await openDb({ dataDir: work });
    await db.close();
    try {
      renameSync(join(work, 'pglite'), target);
    } catch (error) {
      // Another build made it meanwhile: theirs is as good as ours.
      if (!existsSync(target)) throw error;
    }
    return { path: target, made: true };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
