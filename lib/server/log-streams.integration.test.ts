import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'log-streams-'));
const bundle = join(dir, 'log-streams.mjs');
beforeAll(() =>
  build({
    entryPoints: [join(process.cwd(), 'lib/server/log-streams.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A child that logs to stderr and counts uncaught exceptions, logging each one as Next's handler
 * does; the parent closes the child's stderr, and after a second the child reports the count.
 */
function uncaughtAfterStderrCloses(fixed: boolean) {
  const script = `import { dropWritesToClosedLogs } from ${JSON.stringify(bundle)};
    if (${fixed}) dropWritesToClosedLogs();
    let uncaught = 0;
    process.on('uncaughtException', (error) => { uncaught += 1; console.error('uncaughtException', error); });
    setInterval(() => console.error('a log line'), 10);
    setTimeout(() => { process.stdout.write(String(uncaught)); process.exit(0); }, 1000);`;
  return new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    // The reader goes away, as a closed terminal or a restarted log collector does.
    child.stderr.once('data', () => child.stderr.destroy());
    child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`exit ${code}`))));
  });
}

describe('dropWritesToClosedLogs', () => {
  it('keeps a closed stderr from turning every log line into an endless chain of uncaught exceptions', async () => {
    expect(await uncaughtAfterStderrCloses(true)).toBe(0);
  }, 20_000);

  it('is what stops it: without it, the dead pipe raises uncaught exceptions', async () => {
    expect(await uncaughtAfterStderrCloses(false)).toBeGreaterThan(0);
  }, 20_000);
});
