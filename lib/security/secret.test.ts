import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretFromFile } from './secret';
import { signToken, verifyToken } from '@/lib/shop/tokens';

const dir = () => mkdtempSync(join(tmpdir(), 'amora-secret-'));

describe('the generated link secret (finding 3)', () => {
  it('refuses an empty or short file instead of signing links with it', () => {
    for (const content of ['', '   \n', 'short-key']) {
      const file = join(dir(), 'app-secret');
      writeFileSync(file, content);
      expect(() => secretFromFile(file), JSON.stringify(content)).toThrow(/no usable key/);
    }
  });

  it('so a token forged with an empty key opens nothing', () => {
    const file = join(dir(), 'app-secret');
    writeFileSync(file, '');
    const forged = signToken('any-order', '');
    let secret: string | undefined;
    try {
      secret = secretFromFile(file);
    } catch {
      secret = undefined;
    }
    expect(secret).toBeUndefined();
    // Whatever key a working server has, the forged token does not verify against it.
    expect(verifyToken(forged, secretFromFile(join(dir(), 'app-secret'))).ok).toBe(false);
  });

  it('creates a 64-character key once, readable by its owner only, and reads the same one back', () => {
    const file = join(dir(), 'app-secret');
    const first = secretFromFile(file);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(secretFromFile(file)).toBe(first);
    expect(readdirSync(join(file, '..'))).toEqual(['app-secret']);
  });

  it('two processes starting at once end with one key', async () => {
    // The real module, bundled for plain Node, in four processes that start at the same instant.
    const bundle = join(process.cwd(), 'node_modules', '.cache', 'amora-tests', 'secret.mjs');
    await build({
      entryPoints: [join(process.cwd(), 'lib/security/secret.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      alias: { 'server-only': join(process.cwd(), 'lib/testing/server-only-stub.ts') },
      logLevel: 'silent',
    });
    const file = join(dir(), 'app-secret');
    const start = Date.now() + 500;
    const script = `import { secretFromFile } from ${JSON.stringify(bundle)};
      while (Date.now() < ${start}) {}
      process.stdout.write(secretFromFile(${JSON.stringify(file)}));`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', () => undefined);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const keys = await Promise.all([run(), run(), run(), run()]);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(readFileSync(file, 'utf8'));
    expect(readdirSync(join(file, '..'))).toEqual(['app-secret']);
  }, 20_000);
});
