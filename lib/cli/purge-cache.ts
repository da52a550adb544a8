import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { escapeControls } from './terminal-text';

/**
 * `npm run shop -- purge-cache`: empties nginx's cache of shareable documents
 * (deploy/nginx.conf.template, `proxy_cache_path …/cache/documents`), found at NGINX_CACHE_DIR.
 * Deleting the files is all it takes while nginx runs: it counts a missing file as a miss and
 * fetches the document again. Only what nginx itself writes there is deleted, and nothing at all
 * if anything else is found: a mistyped NGINX_CACHE_DIR (a home directory, the repository) must
 * never lose a file. The origin's own store (lib/server/document-store.ts) is per process and
 * lets a document go within seconds; a restart empties it.
 */

// A cache file is named by its key's MD5; one nginx is still writing has a 10-digit suffix
// (use_temp_path=off). levels=1:2 puts them two directories down, named by the MD5's last digits.
const CACHE_FILE = /^[0-9a-f]{32}(?:\.\d{10})?$/;
const LEVEL_DIR = /^[0-9a-f]{1,2}$/;
const MAX_DEPTH = 3;

export type PurgeResult =
  { ok: true; removed: number } | { ok: false; reason: 'missing' | 'not_a_cache'; detail: string };

/** Deletes every cache file under `dir`, keeping the directories; nothing if `dir` holds anything else. */
export function purgeNginxCache(dir: string): PurgeResult {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch {
    return { ok: false, reason: 'missing', detail: dir };
  }
  if (!stat.isDirectory()) return { ok: false, reason: 'not_a_cache', detail: dir };
  const files: string[] = [];
  const strangers: string[] = [];
  const walk = (at: string, depth: number) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH && LEVEL_DIR.test(entry.name)) walk(path, depth + 1);
      else if (entry.isFile() && CACHE_FILE.test(entry.name)) files.push(path);
      else strangers.push(path);
    }
  };
  walk(dir, 1);
  if (strangers.length) return { ok: false, reason: 'not_a_cache', detail: strangers.slice(0, 5).join(', ') };
  let removed = 0;
  for (const file of files) {
    try {
      unlinkSync(file);
      removed += 1;
    } catch (error) {
      // nginx's cache manager may have removed it meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { ok: true, removed };
}

export type PurgeIo = {
  /** NGINX_CACHE_DIR (lib/env.ts). */
  dir: string | undefined;
  out: (text: string) => void;
  err: (text: string) => void;
};

/** The command: exit code 0 emptied, 1 not possible (no such directory, not a cache), 2 the command itself is wrong. */
export function runPurgeCache(args: string[], io: PurgeIo): number {
  const json = args.includes('--json');
  const unknown = args.filter((arg) => arg !== '--json');
  if (unknown.length) {
    io.err(`purge-cache takes no arguments but --json (got "${escapeControls(unknown.join(' '))}").`);
    return 2;
  }
  if (!io.dir) {
    io.err(
      'Set NGINX_CACHE_DIR to nginx’s document cache (PREFIX/cache/documents in deploy/nginx.conf.template), then run purge-cache again.',
    );
    return 2;
  }
  const shown = escapeControls(io.dir);
  const result = purgeNginxCache(io.dir);
  if (json) {
    io.out(JSON.stringify(result.ok ? { ok: true, dir: io.dir, removed: result.removed } : { ...result, dir: io.dir }));
    return result.ok ? 0 : 1;
  }
  if (result.ok) {
    io.out(`nginx’s document cache is empty (${shown}): ${result.removed} stored document(s) removed.`);
    return 0;
  }
  io.err(
    result.reason === 'missing'
      ? `There is no directory ${shown} (NGINX_CACHE_DIR): nothing was removed.`
      : `${shown} (NGINX_CACHE_DIR) is not only an nginx cache; it holds ${escapeControls(result.detail)}. Nothing was removed.`,
  );
  return 1;
}
