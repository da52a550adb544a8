import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockPgliteDir } from './pglite-lock';

describe('the embedded database belongs to one process', () => {
  it('refuses a second process while the first runs, and names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'owner.pid'), String(other.pid));
      expect(() => lockPgliteDir(dir)).toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over from a process that is gone, and lets go when closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-lock-'));
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(join(dir, 'owner.pid'), String(gone.pid));
    const unlock = lockPgliteDir(dir);
    expect(readFileSync(join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    // The same process may open it again (pages and route handlers share one database).
    expect(() => lockPgliteDir(dir)).not.toThrow();
    unlock();
    expect(existsSync(join(dir, 'owner.pid'))).toBe(false);
  });
});
