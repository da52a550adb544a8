import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database is one process's: a second PGlite on the same directory corrupts it.
 * Whoever opens it leaves its pid in `owner.pid`; another process finds it there and is refused
 * with a clear message, unless that process is gone.
 */
export function lockPgliteDir(dir: string): () => void {
  const file = join(dir, 'owner.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (owner === process.pid) return () => rmSync(file, { force: true });
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner}. Stop that server first, or set DATABASE_URL to share a PostgreSQL server.`,
        );
      }
      rmSync(file, { force: true }); // left by a process that no longer runs
    }
  }
  throw new Error(`Could not take the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
