import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeNginxCache, runPurgeCache } from './purge-cache';

/** The real nginx empties through it in deploy/nginx-cache.integration.test.ts; here, what it deletes and what it refuses. */
let dir: string;
const md5 = (n: number) => n.toString(16).padStart(32, 'a');

/** A cache as nginx lays it out with levels=1:2: <last digit>/<two before>/<md5>, and a file being written. */
function fillCache(root: string) {
  const files = [1, 2, 3, 4].map((n) => {
    const name = md5(n);
    const at = join(root, name.slice(-1), name.slice(-3, -1));
    mkdirSync(at, { recursive: true });
    // The fourth is still being written: nginx renames it into place once whole.
    const file = join(at, n === 4 ? `${name}.0000000007` : name);
    writeFileSync(file, 'KEY: …');
    return file;
  });
  return files;
}

function run(args: string[], cacheDir: string | undefined) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runPurgeCache(args, { dir: cacheDir, out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const filesUnder = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(root, e.name)) : [join(root, e.name)],
  );

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'amora-purge-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run shop -- purge-cache', () => {
  it('deletes every stored document and every one being written, and keeps the directories nginx made', () => {
    const cache = join(dir, 'documents');
    fillCache(cache);
    const result = run([], cache);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('4 stored document(s) removed');
    expect(filesUnder(cache)).toEqual([]);
    expect(existsSync(join(cache, '1', 'aa'))).toBe(true);
    expect(JSON.parse(run(['--json'], cache).out)).toEqual({ ok: true, dir: cache, removed: 0 });
  });

  it('deletes nothing at all from a directory that holds anything nginx did not write (a mistyped NGINX_CACHE_DIR)', () => {
    const files = fillCache(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const result = run([], dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain('notes.txt');
    expect(result.err).toContain('Nothing was removed');
    for (const file of files) expect(existsSync(file), file).toBe(true);
    // A directory that is not a cache level, and a file in a level directory that is not a cache file.
    rmSync(join(dir, 'notes.txt'));
    mkdirSync(join(dir, 'src'));
    expect(purgeNginxCache(dir)).toMatchObject({ ok: false, reason: 'not_a_cache' });
    rmSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, '1', 'aa', 'index.html'), 'x');
    expect(purgeNginxCache(dir)).toMatchObject({ ok: false, reason: 'not_a_cache' });
    for (const file of files) expect(existsSync(file), file).toBe(true);
  });

  it('says what is wrong when the directory is missing or unset, or the command has arguments', () => {
    expect(run([], join(dir, 'nowhere'))).toMatchObject({ code: 1, out: '' });
    expect(run([], join(dir, 'nowhere')).err).toContain('There is no directory');
    const unset = run([], undefined);
    expect(unset.code).toBe(2);
    expect(unset.err).toContain('Set NGINX_CACHE_DIR');
    const extra = run(['--dir', '/'], dir);
    expect(extra.code).toBe(2);
    expect(extra.err).toContain('purge-cache takes no arguments');
  });
});
