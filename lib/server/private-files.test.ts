import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepDataPrivate } from './private-files';

const mode = (path: string) => statSync(path).mode & 0o7777;

// The database itself is in private-files.integration.test.ts; here, the walk's own rules.
describe('keepDataPrivate (finding 6)', () => {
  const umask = process.umask();
  const made: string[] = [];
  afterEach(() => {
    process.umask(umask);
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const temporary = () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-keep-'));
    made.push(dir);
    return dir;
  };

  it('tightens an open tree, leaves what a symbolic link points at alone, and makes what is created next owner-only', () => {
    process.umask(0o022);
    const data = join(temporary(), 'data');
    mkdirSync(join(data, 'a', 'b'), { recursive: true });
    writeFileSync(join(data, 'a', 'b', 'file'), 'x');
    chmodSync(join(data, 'a', 'b', 'file'), 0o666);
    chmodSync(join(data, 'a'), 0o777);
    const outside = join(temporary(), 'shared.txt');
    writeFileSync(outside, 'not ours to change');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(data, 'link'));

    keepDataPrivate(data);
    for (const dir of [data, join(data, 'a'), join(data, 'a', 'b')]) expect(mode(dir)).toBe(0o700);
    expect(mode(join(data, 'a', 'b', 'file'))).toBe(0o600);
    expect(mode(outside)).toBe(0o644);

    writeFileSync(join(data, 'new'), 'x');
    mkdirSync(join(data, 'newdir'));
    expect(mode(join(data, 'new'))).toBe(0o600);
    expect(mode(join(data, 'newdir'))).toBe(0o700);
  });

  it('leaves the folders it has to create above a missing DATA_DIR as open as any other (only DATA_DIR is private)', () => {
    // .data/e2e/3100 made first would otherwise close .data/e2e to the cluster's nginx workers, a user of their own.
    process.umask(0o022);
    const above = join(temporary(), 'above');
    keepDataPrivate(join(above, 'e2e', 'data'));
    expect(mode(above)).toBe(0o755);
    expect(mode(join(above, 'e2e'))).toBe(0o755);
    expect(mode(join(above, 'e2e', 'data'))).toBe(0o700);
  });

  it('creates a missing DATA_DIR owner-only', () => {
    process.umask(0o022);
    const data = join(temporary(), 'fresh', 'data');
    keepDataPrivate(data);
    expect(mode(data)).toBe(0o700);
  });
});
