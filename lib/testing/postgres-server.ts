import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBin, startPostgresIn } from '@/deploy/postgres.mjs';
import { createTestDatabase } from './postgres';

/** A port nothing listens on right now. */
const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

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
    const bin = postgresBin();
    if (!bin) return undefined;
    const dir = mkdtempSync(join(tmpdir(), 'amora-pg-'));
    const server = startPostgresIn({
      bin,
      dir,
      log: join(dir, 'server.log'),
      port: await freePort(),
      database: 'amora',
    });
    url = server.url;
    stop = () => {
      server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const serverUrl = url;
  return { database: (prefix) => createTestDatabase(serverUrl, prefix), stop };
}
