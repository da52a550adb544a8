import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The process's logger in a process of its own (the server's: pino JSON lines on stdout, written
 * asynchronously), bundled as scripts/build-server.mjs bundles the server, pino loaded from
 * node_modules: in the repository, so that it resolves.
 */
mkdirSync('.data', { recursive: true });
const dir = mkdtempSync(join(process.cwd(), '.data', 'logger-test-'));
const bundle = join(dir, 'logger.mjs');
beforeAll(() =>
  build({
    entryPoints: [join(process.cwd(), 'lib/log/logger.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string, onStarted?: (child: ReturnType<typeof spawn>) => void) {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `import { logger } from ${JSON.stringify(bundle)};\n${script}`],
    {
      env: { ...process.env, LOG_LEVEL: 'info', PORT: '3123' },
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  onStarted?.(child);
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out, err })),
  );
}

describe('the process’s logger', () => {
  it('writes the last line before an exit: a fatal start-up error is never lost to the asynchronous writes', async () => {
    const { code, out } = await run(`
      for (let i = 0; i < 2000; i += 1) logger().info({ i }, 'filler');
      logger().fatal('The server cannot listen: port 3123 on localhost is already in use.');
      process.exit(1);`);
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(2001);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 'fatal', instance: expect.stringMatching(/:3123$/) });
  });

  it('keeps running when the reader of its stdout goes away (a closed terminal, a restarted collector): no uncaught exception', async () => {
    const { code, err } = await run(
      `
      let uncaught = 0;
      process.on('uncaughtException', () => (uncaught += 1));
      let written = 0;
      const timer = setInterval(() => {
        logger().error({ written }, 'a log line');
        written += 1;
        if (written === 200) {
          clearInterval(timer);
          process.stderr.write(String(uncaught));
        }
      }, 5);`,
      (child) => child.stdout!.once('data', () => child.stdout!.destroy()),
    );
    expect(code).toBe(0);
    expect(err).toBe('0');
  }, 20_000);
});
