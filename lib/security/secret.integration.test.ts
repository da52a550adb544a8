import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = () => mkdtempSync(join(tmpdir(), 'amora-secret-'));

describe('the generated link secret (finding 3), across processes', () => {
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
      process.stdout.write('\\nkey=' + secretFromFile(${JSON.stringify(file)}) + '\\n');`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', () => undefined);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    // Each process's stdout: its key, and the log's JSON lines (the one that made the key says so).
    const outputs = await Promise.all([run(), run(), run(), run()]);
    const keys = outputs.map((out) => /^key=(.*)$/m.exec(out)?.[1]);
    expect(new Set(keys).size).toBe(1);
    expect(outputs.filter((out) => out.includes('APP_SECRET is not set'))).toHaveLength(1);
    expect(keys[0]).toBe(readFileSync(file, 'utf8'));
    expect(readdirSync(join(file, '..'))).toEqual(['app-secret']);
  }, 20_000);
});
