import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// DATA_DIR holds buyers' names, emails and download links (database, WAL, outbox, the link key):
// only the server's own user may read or write any of it (docs/security.md, second review:
// the embedded database's files were world-readable).
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Every entry point that writes into DATA_DIR calls this first: files and directories it creates
 * from now on are owner-only (umask 077), and those an older version left open are tightened.
 */
export function keepDataPrivate(dataDir: string): void {
  const root = resolve(dataDir);
  // Only DATA_DIR is private: folders above it made here keep the usual modes, so what lives beside
  // it stays reachable for its own users (the cluster's nginx workers, under .data/e2e in the tests).
  mkdirSync(dirname(root), { recursive: true });
  process.umask(0o077);
  mkdirSync(root, { recursive: true, mode: DIR_MODE });
  tightenTree(root);
}

/**
 * Makes every directory under `root` (itself included) 0700 and every file 0600. Symbolic links
 * are not followed, and what another user owns is left alone (a mistaken DATA_DIR such as a home
 * directory is not rewritten for other users). A missing root is nothing to do.
 */
export function tightenTree(root: string): void {
  const uid = process.getuid?.();
  const visit = (path: string) => {
    let stat: Stats;
    try {
      stat = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed while we walked
      throw error;
    }
    if (stat.isSymbolicLink() || (uid !== undefined && stat.uid !== uid)) return;
    const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((stat.mode & 0o7777) !== wanted) chmodSync(path, wanted);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
}
