// A throwaway PostgreSQL for the purchase-path benchmark, from Debian's packages (as npm test
// does): initdb into a temp dir and pg_ctl on a free local port. Resolves to undefined when
// PostgreSQL is not installed, and the report says it was skipped.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL's bin directory, if it has initdb. */
function pgBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length ? join(root, /** @type {string} */ (versions.at(-1)), 'bin') : undefined;
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

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
  const bin = pgBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'amora-bench-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: use its own system user then.
  /** @type {(cmd: string, args: string[]) => Buffer} */
  const asPg = (cmd, args) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' })
      : execFileSync(cmd, args, { stdio: 'ignore' });
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  asPg(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'amora']);
  asPg(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  execFileSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'amora', 'amora_bench'], {
    stdio: 'ignore',
  });
  return {
    url: `postgres://amora@127.0.0.1:${port}/amora_bench`,
    stop() {
      try {
        asPg(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
