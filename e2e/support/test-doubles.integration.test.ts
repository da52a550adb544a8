import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from './fake-stripe.mjs';

/**
 * The e2e suite's HTTP test doubles that its tests call through Playwright keep an idle keep-alive connection open. With Node's default
 * (close after 5 s idle), a test whose request reused a connection just as the double closed it
 * failed with "socket hang up" (ECONNRESET): faults.spec's database test, after a purchase that
 * took about five seconds.
 */
const IDLE_MS = 8_000; // Node closes at 5 s plus a second's grace
const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGTERM')));

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Node script started with `args`, once `port` answers /health. */
async function startScript(script: string, args: number[], port: number) {
  const child = spawn('node', [script, ...args.map(String)], { stdio: 'ignore' });
  children.push(child);
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${script} did not answer on ${port}`);
}

/** Sends one keep-alive request on a raw socket, waits IDLE_MS, and says whether the server closed it. */
async function closedWhileIdle(port: number, path: string): Promise<boolean> {
  const socket: Socket = connect(port, '127.0.0.1');
  let answered = false;
  let closed = false;
  socket.on('data', (chunk: Buffer) => (answered ||= chunk.toString('latin1').startsWith('HTTP/1.1 ')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  socket.destroy();
  expect(answered).toBe(true);
  return closed;
}

describe.concurrent('the HTTP test doubles keep idle connections open for the client to reuse', () => {
  it('the fault backend', { timeout: 20_000 }, async () => {
    const [http, smtp, db] = [await freePort(), await freePort(), await freePort()];
    await startScript('e2e/support/fault-backend.mjs', [http, smtp, db], http);
    expect(await closedWhileIdle(http, '/__mail')).toBe(false);
  });

  it('the fake Stripe', { timeout: 20_000 }, async () => {
    const fake = await startFakeStripe({
      webhookSecret: 'whsec_doubles',
      secretKey: 'sk_test_doubles',
      webhookUrl: 'http://127.0.0.1:9/hook',
    });
    try {
      expect(await closedWhileIdle(fake.port, '/v1/nothing')).toBe(false);
    } finally {
      await fake.close();
    }
  });
});
