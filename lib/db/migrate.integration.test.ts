import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import { openDb } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('migrations on one PostgreSQL shared by instances', () => {
  it('four instances opening a fresh database at once all succeed, and each migration runs once', async () => {
    const name = `amora_migrate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(url!);
    fresh.pathname = `/${name}`;
    try {
      const dbs = await Promise.all(Array.from({ length: 4 }, () => openDb({ databaseUrl: fresh.toString(), dataDir: tmpdir() })));
      const { rows } = await dbs[0]!.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
      await Promise.all(dbs.map((db) => db.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  }, 60_000);
});
