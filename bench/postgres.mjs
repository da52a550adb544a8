// A throwaway PostgreSQL for the purchase-path benchmark, from Debian's packages (as npm test
// does): initdb into a temp dir and pg_ctl on a free local port. Resolves to undefined when
// PostgreSQL is not installed, and the report says it was skipped.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBin, startPostgresIn } from '../deploy/postgres.mjs';

/** @returns {Promise<number>} a TCP port nothing listens on (as of now) */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

export async function startPostgres() {
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'amora-bench-pg-'));
  const postgres = startPostgresIn({
    bin,
    dir,
    log: join(dir, 'log'),
    port: await freePort(),
    database: 'amora_bench',
  });
  return {
    url: postgres.url,
    stop() {
      try {
        postgres.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
