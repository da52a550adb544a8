import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './client';
import { migrations } from './migrations';
import { migrationsFingerprint, pgliteTemplateFor, pgliteTemplatePath } from './pglite-template';
import { writePgliteTemplate } from './pglite-template-writer';

const VERSION = (JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }).version;

describe('a new embedded database starts from the build’s template', () => {
  // A template that tells itself apart from initdb's output: it has a table initdb never makes.
  const root = mkdtempSync(join(tmpdir(), 'amora-template-'));
  const template = join(root, 'dist', `pglite-template-${VERSION}-${migrationsFingerprint()}.tar.gz`);
  beforeAll(async () => {
    // Made from the build's own template when there is one (initdb alone takes ~8 s of CPU).
    const source = await PGlite.create(join(root, 'source'), { loadDataDir: pgliteTemplateFor(join(root, 'source'), pgliteTemplatePath()) });
    await source.exec('CREATE TABLE made_from_template (x int); INSERT INTO made_from_template VALUES (7)');
    mkdirSync(join(root, 'dist'));
    writeFileSync(template, Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer()));
    await source.close();
    mkdirSync(join(root, 'node_modules/@electric-sql/pglite'), { recursive: true });
    writeFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), JSON.stringify({ version: VERSION }));
  }, 60_000);

  it('is named by the installed PGlite version and the migrations, and missing without PGlite', () => {
    expect(migrationsFingerprint()).toMatch(/^[0-9a-f]{12}$/);
    expect(pgliteTemplatePath()).toBe(join(process.cwd(), 'dist', `pglite-template-${VERSION}-${migrationsFingerprint()}.tar.gz`));
    expect(pgliteTemplatePath(root)).toBe(template);
    expect(pgliteTemplatePath(join(root, 'nowhere'))).toBeUndefined();
  });

  it('is offered for an empty directory only, and only when the build made it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'amora-empty-'));
    expect(pgliteTemplateFor(empty, template)).toBeInstanceOf(Blob);
    expect(pgliteTemplateFor(empty, join(root, 'dist', `pglite-template-0.0.0-${migrationsFingerprint()}.tar.gz`))).toBeUndefined();
    expect(pgliteTemplateFor(empty, undefined)).toBeUndefined();
    writeFileSync(join(empty, 'PG_VERSION'), '17\n');
    expect(pgliteTemplateFor(empty, template)).toBeUndefined();
  });

  it('is made migrated by the build, once', async () => {
    const project = mkdtempSync(join(tmpdir(), 'amora-project-'));
    mkdirSync(join(project, 'node_modules/@electric-sql/pglite'), { recursive: true });
    writeFileSync(join(project, 'node_modules/@electric-sql/pglite/package.json'), JSON.stringify({ version: VERSION }));
    const made = await writePgliteTemplate(project);
    expect(made).toEqual({ path: pgliteTemplatePath(project), made: true });
    // A database loaded from it has every migration before migrate() runs: a new server has none left to apply.
    const dir = mkdtempSync(join(tmpdir(), 'amora-loaded-'));
    const loaded = await PGlite.create(dir, { loadDataDir: pgliteTemplateFor(dir, made!.path) });
    try {
      const { rows } = await loaded.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    } finally {
      await loaded.close();
    }
    expect(await writePgliteTemplate(project)).toEqual({ path: made!.path, made: false });
    expect(await writePgliteTemplate(join(project, 'nowhere'))).toBeUndefined();
  }, 60_000);

  describe('openDb in a project whose build made one', () => {
    const cwd = process.cwd();
    beforeAll(() => process.chdir(root));
    afterAll(() => process.chdir(cwd));

    it('loads it into a new data directory, migrates it, and opens it again as it is', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'amora-data-'));
      let db = await openDb({ dataDir });
      try {
        expect((await db.query('SELECT x FROM made_from_template')).rows).toEqual([{ x: 7 }]);
        expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]!.n).toBeGreaterThan(0);
        await db.query('INSERT INTO made_from_template VALUES (8)');
      } finally {
        await db.close();
      }
      // The second open finds a database and leaves it be: the row added above is still there.
      db = await openDb({ dataDir });
      try {
        expect((await db.query('SELECT x FROM made_from_template ORDER BY x')).rows).toEqual([{ x: 7 }, { x: 8 }]);
      } finally {
        await db.close();
      }
    }, 60_000);
  });
});
