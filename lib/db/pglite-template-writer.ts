import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDb } from './client';
import { pgliteTemplatePath } from './pglite-template';

/**
 * Makes the build's PGlite template (lib/db/pglite-template.ts) unless it is there already: a
 * fresh database with every migration applied, dumped whole. Resolves to its path, or undefined
 * when PGlite is not installed where `root` says.
 */
export async function writePgliteTemplate(root = process.cwd()): Promise<{ path: string; made: boolean } | undefined> {
  const target = pgliteTemplatePath(root);
  if (!target) return undefined;
  if (existsSync(target)) return { path: target, made: false };
  const work = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  try {
    // openDb runs initdb (no template by this name exists yet) and every migration, as a server would.
    const db = await openDb({ dataDir: work });
    await db.close();
    const { PGlite } = await import('@electric-sql/pglite');
    const raw = await PGlite.create(join(work, 'pglite'));
    const dump = Buffer.from(await (await raw.dumpDataDir('gzip')).arrayBuffer());
    await raw.close();
    mkdirSync(dirname(target), { recursive: true });
    // Written whole, then renamed: a server starting meanwhile sees no template or all of it.
    writeFileSync(`${target}.${process.pid}.tmp`, dump);
    renameSync(`${target}.${process.pid}.tmp`, target);
    return { path: target, made: true };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
