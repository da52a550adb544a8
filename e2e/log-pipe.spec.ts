import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { spawnServer, startServer } from './support/server';

/** Share of one core the process used over `ms` (from /proc: user + system ticks, 100 per second). */
async function cpuShare(pid: number, ms = 2000) {
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (ticks() - before) / (ms / 10) / 100;
}

test('a server started on a port already in use exits at once, saying so', async () => {
  test.setTimeout(60_000);
  const child = spawnServer(PORTS.main, { DATA_DIR: `.data/e2e/${PORTS.logPipe}-busy` });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 30_000);
    child.once('exit', (exitCode) => (clearTimeout(timer), resolve(exitCode)));
  });
  if (code === null) child.kill('SIGKILL');
  expect(code).toBe(1);
  // Said in its log (JSON lines on stdout), at level fatal.
  expect(child.outputText()).toMatch(
    new RegExp(`"level":"fatal".*The server cannot listen: port ${PORTS.main} on \\S+ is already in use`),
  );
});

/**
 * The reader of the server's output goes away (a closed terminal, a restarted log collector, a
 * parent that exited), and then the server has something to log: here its database is
 * unreachable, and it says so at every retry (0.5 s, 1 s, 2 s … at most 10 s apart). Each write to
 * the dead pipe fails with EPIPE; before the fix that failure was an uncaught exception, which
 * Next logged to the same pipe, which failed again: the process spun a core for ever and stopped
 * answering (two such servers once held both cores of the test machine).
 */
test('a server whose log reader has gone away keeps serving, without spinning on its failing log writes', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const server = await startServer(PORTS.logPipe, { DATABASE_URL: 'postgres://amora@127.0.0.1:1/amora' });
  try {
    // Both: the log is on stdout (pino's lines), Next's own words on stderr.
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    // Long enough for at least one more "Database not available yet" line.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(server.child.exitCode).toBeNull();
    expect(await cpuShare(server.child.pid!)).toBeLessThan(0.25);
    expect((await request.get(`${server.origin}/modern-slavery-act`, { timeout: 15_000 })).status()).toBe(200);
  } finally {
    await server.stop('SIGKILL');
  }
});
