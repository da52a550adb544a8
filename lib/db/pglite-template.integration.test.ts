import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './client';
import { migrations } from './migrations';
import { isDataDir, migrationsFingerprint, pgliteTemplatePath, seedFromTemplate } from './pglite-template';
import { writePgliteTemplate } from './pglite-template-writer';

const VERSION = (
  JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }
).version;

describe('a new embedded database starts from the build’s template', () => {
  // Everything this file makes, under one directory it removes at the end.
  const scratch = mkdtempSync(join(tmpdir(), 'amora-template-test-'));
  // A few 40 MB database directories: on a busy machine removing them outlasts the default 10 s.
  afterAll(() => rmSync(scratch, { recursive: true, force: true }), 60_000);
  const fresh = (name: string) => mkdtempSync(join(scratch, `${name}-`));

  // A template that tells itself apart from initdb's output: it has a table initdb never makes.
  const root = fresh('project');
  const template = join(root, 'dist', `pglite-template-${VERSION}-${migrationsFingerprint()}`);
  beforeAll(async () => {
    mkdirSync(join(root, 'dist'));
    // Made from the build's own template when there is one (initdb alone takes ~8 s of CPU).
    seedFromTemplate(template, pgliteTemplatePath());
    const source = await PGlite.create(template);
    await source.exec('CREATE TABLE made_from_template (x int); INSERT INTO made_from_template VALUES (7)');
    await source.close();
    mkdirSync(join(root, 'node_modules/@electric-sql/pglite'), { recursive: true });
    writeFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), JSON.stringify({ version: VERSION }));
  }, 60_000);

  it('is named by the installed PGlite version and the migrations, and missing without PGlite', () => {
    expect(migrationsFingerprint()).toMatch(/^[0-9a-f]{12}$/);
    expect(pgliteTemplatePath()).toBe(
      join(process.cwd(), 'dist', `pglite-template-${VERSION}-${migrationsFingerprint()}`),
    );
    expect(pgliteTemplatePath(root)).toBe(template);
    expect(pgliteTemplatePath(join(root, 'nowhere'))).toBeUndefined();
  });

  it('is copied into a directory without a database only, and only when the build made it', async () => {
    const empty = fresh('empty');
    // The lock file a server leaves before it opens the database stays.
    writeFileSync(join(empty, 'owner.pid'), '1');
    expect(seedFromTemplate(empty, join(root, 'dist', `pglite-template-0.0.0-${migrationsFingerprint()}`))).toBe(false);
    expect(seedFromTemplate(empty, undefined)).toBe(false);
    expect(readdirSync(empty)).toEqual(['owner.pid']);
    expect(seedFromTemplate(empty, template)).toBe(true);
    expect(readFileSync(join(empty, 'PG_VERSION'), 'utf8')).toBe(readFileSync(join(template, 'PG_VERSION'), 'utf8'));
    expect(readFileSync(join(empty, 'owner.pid'), 'utf8')).toBe('1');
    const copy = await PGlite.create(empty);
    try {
      expect((await copy.query('SELECT x FROM made_from_template')).rows).toEqual([{ x: 7 }]);
    } finally {
      await copy.close();
    }
    // A directory with a database keeps it.
    expect(seedFromTemplate(empty, template)).toBe(false);
  }, 60_000);

  it('takes back a copy that failed, so the directory is still one without a database', () => {
    // A template file where the target already has a directory of that name: the copy fails midway.
    const broken = fresh('broken');
    seedFromTemplate(broken, template);
    writeFileSync(join(broken, 'base', 'in-the-way'), 'x');
    const target = fresh('cut');
    writeFileSync(join(target, 'owner.pid'), '1');
    mkdirSync(join(target, 'base', 'in-the-way'), { recursive: true });
    expect(seedFromTemplate(target, broken)).toBe(false);
    expect(isDataDir(target)).toBe(false);
    expect(readdirSync(target)).toEqual(['owner.pid']);
  });

  it('is made migrated by the build, once', async () => {
    const project = fresh('built');
    mkdirSync(join(project, 'node_modules/@electric-sql/pglite'), { recursive: true });
    writeFileSync(
      join(project, 'node_modules/@electric-sql/pglite/package.json'),
      JSON.stringify({ version: VERSION }),
    );
    const made = await writePgliteTemplate(project);
    expect(made).toEqual({ path: pgliteTemplatePath(project), made: true });
    // Nothing but the template is left beside it, and no lock inside it.
    expect(readdirSync(join(project, 'dist'))).toEqual([`pglite-template-${VERSION}-${migrationsFingerprint()}`]);
    expect(existsSync(join(made!.path, 'owner.pid'))).toBe(false);
    // A database copied from it has every migration before migrate() runs: a new server has none left to apply.
    const dir = fresh('copied');
    expect(seedFromTemplate(dir, made!.path)).toBe(true);
    const copied = await PGlite.create(dir);
    try {
      const { rows } = await copied.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    } finally {
      await copied.close();
    }
    expect(await writePgliteTemplate(project)).toEqual({ path: made!.path, made: false });
    expect(await writePgliteTemplate(join(project, 'nowhere'))).toBeUndefined();
  }, 60_000);

  describe('openDb in a project whose build made one', () => {
    const cwd = process.cwd();
    beforeAll(() => process.chdir(root));
    afterAll(() => process.chdir(cwd));

    it('copies it into a new data directory, migrates it, and opens it again as it is', async () => {
      const dataDir = fresh('data');
      let db = await openDb({ dataDir });
      try {
        expect((await db.query('SELECT x FROM made_from_template')).rows).toEqual([{ x: 7 }]);
        expect(
          (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]!.n,
        ).toBeGreaterThan(0);
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
