import { startThrowawayPostgres } from '@/deploy/postgres.mjs';
import { createTestDatabase } from './postgres';

/**
 * A PostgreSQL server for a test file: the test server (TEST_DATABASE_URL, which npm test starts),
 * or else one of its own from Debian's packages, in a temporary directory; undefined only when
 * PostgreSQL is not installed. `database(prefix)` makes an empty database on it.
 */
export async function testPostgres(): Promise<
  { database(prefix: string): ReturnType<typeof createTestDatabase>; stop(): void } | undefined
> {
  let url = process.env.TEST_DATABASE_URL;
  let stop = () => undefined as void;
  if (!url) {
    const server = await startThrowawayPostgres('amora', 'amora-pg-');
    if (!server) return undefined;
    ({ url, stop } = server);
  }
  const serverUrl = url;
  return { database: (prefix) => createTestDatabase(serverUrl, prefix), stop };
}
