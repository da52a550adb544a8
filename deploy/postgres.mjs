// A PostgreSQL server of its own, from Debian's packages (the postgresql package, as npm test
// installs it): initdb into a directory and pg_ctl on a local port. deploy/cluster.ts runs one for
// the cluster; the benches and the tests a throwaway one (startThrowawayPostgres).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL programs, the newest version's (the one with initdb), or undefined when not installed. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => join(base, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

/** PostgreSQL refuses to run as root: as root, its programs run as its own system user. */
const isRoot = process.getuid?.() === 0;

/** The command line that runs a PostgreSQL program, as the postgres user when we are root. @param {string} command @param {string[]} args @returns {[string, string[]]} */
const asPostgres = (command, args) =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/** Runs a command line, throwing with its output if it fails. @param {[string, string[]]} line */
function run([command, args]) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${String(result.stderr || result.stdout)}`);
}

/**
 * Starts PostgreSQL with its data in `dir`/data (initialised the first time) and its log in `log`,
 * on `port` of 127.0.0.1 (its socket in `dir`), with a database `database` owned by `amora`.
 * `dir` must exist and be absolute (postgres resolves a relative socket directory from its data directory).
 * @param {{ bin: string; dir: string; log: string; port: number; database: string }} where
 * @returns {{ url: string; stop(): void }} its URL, and how to stop it (fast shutdown)
 */
export function startPostgresIn({ bin, dir, log, port, database }) {
  if (isRoot) run(['chown', ['postgres', dir]]);
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION')))
    run(asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'amora']));
  run(
    asPostgres(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]),
  );
  // It may be there already, from an earlier start in the same directory.
  spawnSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'amora', database], {
    encoding: 'utf8',
  });
  return {
    url: `postgres://amora@127.0.0.1:${port}/${database}`,
    stop: () => void spawnSync(...asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop'])),
  };
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

/**
 * A throwaway PostgreSQL: its data in a new temporary directory (named from `prefix`), on a free
 * local port, with a database `database`; `stop` stops it and removes the directory. Undefined
 * when PostgreSQL is not installed.
 * @param {string} database
 * @param {string} prefix
 * @returns {Promise<{ url: string; stop(): void } | undefined>}
 */
export async function startThrowawayPostgres(database, prefix) {
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const postgres = startPostgresIn({ bin, dir, log: join(dir, 'server.log'), port: await freePort(), database });
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
