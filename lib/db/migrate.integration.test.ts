import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import { openDb } from './client';
import { createTestDatabase } from '@/lib/testing/postgres';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('migrations on one PostgreSQL shared by instances', () => {
  it('four instances opening a fresh database at once all succeed, and each migration runs once', async () => {
    const fresh = await createTestDatabase(url!, 'amora_migrate');
    try {
      const dbs = await Promise.all(
        Array.from({ length: 4 }, () => openDb({ databaseUrl: fresh.url, dataDir: tmpdir() })),
      );
      const { rows } = await dbs[0]!.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
      await Promise.all(dbs.map((db) => db.close()));
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
