import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createInterface } from 'node:readline';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { startServer, type TestServer } from './support/server';
import { startCluster } from '../deploy/cluster';
import { parseEnv } from '../lib/env';

/**
 * The third review's finding 1 (docs/security.md): request bodies sent a byte at a time ran
 * `npm start` out of memory, and behind nginx slow TLS connections took the whole site down. Each
 * attack comes from an address of its own on the loopback network (127.0.0.2 and up, as
 * e2e/support/slow-bodies.mjs opens them), the bystander from 127.0.0.1. Every test here failed
 * on the code before the fix.
 */

// Thousands of connections: one at a time, each after the last has let go of the cores.
test.describe.configure({ mode: 'default' });

/** The production defaults (lib/env.ts), which these servers run with. */
const defaults = parseEnv({}).connections;
// An empty value is the default (lib/env.ts): the suite's servers otherwise allow one address more.
const DEFAULT_LIMITS = { CONNECTION_LIMIT: '', CONNECTION_LIMIT_PER_CLIENT: '' };
const SLOW_PATHS = ['/api/library/lookup', '/api/links/resend'];
// The review's server died at about 3,400 (lookups) and 1,800 (fresh links).
const COUNT = 5_000;

const servers: TestServer[] = [];
test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

test.beforeAll(() => {
  // Each connection is a file descriptor here, in the attacker and in the server. Node raises its
  // own soft limit to the hard one; Debian's default hard limit (524,288) is far above this.
  const hard = /^Max open files\s+\d+\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  if (hard !== 'unlimited' && Number(hard) < 8_000)
    throw new Error(`These tests open 5,000 connections; the hard limit on open files is ${hard} (ulimit -Hn).`);
});

type Stats = { opened: number; open: number; answered: Record<string, number>; unanswered: number; pending: number };

/** The attacker (e2e/support/slow-bodies.mjs) in a process of its own; `stop` closes its connections. */
function attack(options: Record<string, unknown>) {
  const child = spawn(process.execPath, ['e2e/support/slow-bodies.mjs', JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let latest: Stats = { opened: 0, open: 0, answered: {}, unanswered: 0, pending: 0 };
  createInterface({ input: child.stdout! }).on('line', (line) => (latest = JSON.parse(line) as Stats));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stats: () => latest,
    /** How many connections have ended, answered or not. */
    ended: () => Object.values(latest.answered).reduce((sum, n) => sum + n, 0) + latest.unanswered,
    stop: async () => {
      child.stdin!.end();
      await exited;
      return latest;
    },
  };
}

/**
 * GETs `url` on a new connection from 127.0.0.1 again and again (a new visitor each time, not a
 * kept connection) until stopped; each outcome is its status or its error.
 */
function bystander(url: string) {
  const outcomes: (number | string)[] = [];
  let stopped = false;
  const once = () =>
    new Promise<number | string>((resolve) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const request = send(url, { agent: false, localAddress: '127.0.0.1', rejectUnauthorized: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      // A generous bound: the machine is busy with thousands of connections, and an answer is what counts.
      request.setTimeout(15_000, () => request.destroy(new Error('no answer in 15 s')));
      request.on('error', (error) => resolve(error.message));
      request.end();
    });
  const running = (async () => {
    while (!stopped) {
      outcomes.push(await once());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await running;
      return outcomes;
    },
  };
}

/** A server of its own on the production defaults, ready (its database open: opening a new one keeps the process busy for seconds). */
async function readyServer(port: number, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer(port, { HOST: '127.0.0.1', ...DEFAULT_LIMITS, ...env });
  servers.push(server);
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).status, { timeout: 60_000 })
    .toBe(200);
  return server;
}

/** The server's resident memory, sampled until `stop`: its peak so far, in MB (noted in the report at the end). */
function rssPeak(server: TestServer) {
  let peak = server.rssMb();
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, server.rssMb());
    } catch {
      // The process has gone: what it reached before is the peak.
    }
  }, 100);
  return {
    now: () => peak,
    stop: () => {
      clearInterval(sampler);
      test.info().annotations.push({ type: 'peak RSS', description: `${Math.round(peak)} MB` });
      return peak;
    },
  };
}

/** Whether the server has failed the test already: gone, or past the README's memory budget. */
const failing = (server: TestServer, rss: { now: () => number }) => server.child.exitCode !== null || rss.now() >= 600;

test('finding 1: 5,000 slow request bodies from one client leave /api/health answering throughout, within the memory budget', async () => {
  test.setTimeout(180_000);
  const server = await readyServer(PORTS.reviewSlowBodies);
  const origin = `http://127.0.0.1:${PORTS.reviewSlowBodies}`;
  const rss = rssPeak(server);
  const health = bystander(`${origin}/api/health`);
  const attacker = attack({ port: PORTS.reviewSlowBodies, count: COUNT, from: ['127.0.0.2'], paths: SLOW_PATHS });
  try {
    // Until the server has ended every one (refused at once, or at its body's deadline), or has failed.
    await expect
      .poll(
        () => attacker.ended() === COUNT || failing(server, rss) || health.outcomes.some((outcome) => outcome !== 200),
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(true);
  } finally {
    await attacker.stop();
    await health.stop();
  }
  const peak = rss.stop();

  expect(server.child.exitCode, server.errors()).toBeNull();
  expect(server.errors()).not.toMatch(/heap out of memory/);
  expect(peak).toBeLessThan(600);
  // Asked every ~100 ms for as long as the attack lasted (at least the body deadline, 10 s): always answered.
  expect(health.outcomes.filter((outcome) => outcome !== 200)).toEqual([]);
  expect(health.outcomes.length).toBeGreaterThan(10);
  // Past the client's cap, 429 at once; the ones let in, 408 at their body's deadline. Nothing else.
  expect(Object.keys(attacker.stats().answered).sort()).toEqual(['408', '429']);
});

test('finding 1: slow request bodies from 50 clients hold at most CONNECTION_LIMIT connections: the server stays within the memory budget and serves again at their deadline', async () => {
  test.setTimeout(240_000);
  // Reaching the process's cap takes 1,000 requests under way at once, each through Next: a busy
  // machine takes longer than the default 10 s deadline to start that many, and the first ones end
  // before the last begin. A longer deadline holds each one until the cap is reached anywhere.
  const server = await readyServer(PORTS.reviewSlowClients, {
    REQUEST_TIMEOUT_SECONDS: '60',
    BODY_TIMEOUT_SECONDS: '30',
  });
  const origin = `http://127.0.0.1:${PORTS.reviewSlowClients}`;
  const rss = rssPeak(server);
  // Each client at its own cap (100), 5,000 in all: five times the process's cap (1,000).
  const from = Array.from({ length: COUNT / defaults.perClient }, (_, i) => `127.0.0.${10 + i}`);
  // Once the server is at its cap (it closed one unanswered), the attacker opens no more: each one
  // it holds must then end at its deadline, not make room for the next wave.
  const attacker = attack({ port: PORTS.reviewSlowClients, count: COUNT, from, paths: SLOW_PATHS, untilRefused: true });
  const done = () => {
    const { unanswered, pending, open } = attacker.stats();
    return unanswered > 0 && pending === 0 && open === 0;
  };
  try {
    // Until the server has reached its cap and ended every connection (closed at once past it, or
    // answered at the body's deadline), or has failed.
    await expect
      .poll(() => done() || failing(server, rss), {
        message: 'the server ends every connection of the attack',
        timeout: 180_000,
        intervals: [250],
      })
      .toBe(true);
  } finally {
    await attacker.stop();
  }
  const peak = rss.stop();

  expect(server.child.exitCode, server.errors()).toBeNull();
  expect(server.errors()).not.toMatch(/heap out of memory/);
  expect(peak).toBeLessThan(600);
  const { answered, unanswered } = attacker.stats();
  // The ones past the cap were closed without a word (Node's own), and the ones let in answered 408:
  // as many as the cap, less the few connections the test's own requests hold.
  expect(Object.keys(answered)).toEqual(['408']);
  expect(unanswered).toBeGreaterThan(0);
  expect(answered['408']).toBeGreaterThanOrEqual(defaults.perProcess - 10);
  expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ status: 'ok' });
});

test('finding 1, through nginx: slow TLS bodies and handshakes from one address leave a second client served', async () => {
  test.setTimeout(240_000);
  const cluster = await startCluster({
    instances: 2,
    basePort: PORTS.slowClusterBase,
    httpPort: PORTS.slowClusterHttp,
    httpsPort: PORTS.slowClusterHttps,
    pgPort: PORTS.slowClusterPostgres,
    dir: '.data/e2e/slow-cluster',
    quiet: true,
  });
  try {
    const site = `https://127.0.0.1:${PORTS.slowClusterHttps}`;
    const health = bystander(`${site}/api/health`);
    try {
      // 2,000 slow bodies: nginx holds 100 for the address (limit_conn) and answers the rest 429 at once.
      const bodies = attack({
        port: PORTS.slowClusterHttps,
        tls: true,
        count: 2_000,
        from: ['127.0.0.2'],
        paths: SLOW_PATHS,
      });
      await expect
        .poll(() => bodies.stats().answered['429'] ?? 0, { timeout: 60_000, intervals: [250] })
        .toBeGreaterThanOrEqual(1_900)
        .finally(() => bodies.stop());

      // 3,000 TLS handshakes a byte at a time, each opened again when nginx ends it: more than the
      // old 2 × 1,024 connections could hold. The second client is served throughout, for longer
      // than nginx lets a handshake take (10 s).
      const handshakes = attack({
        port: PORTS.slowClusterHttps,
        count: 3_000,
        from: ['127.0.0.2'],
        handshake: true,
        keep: true,
      });
      try {
        await expect
          .poll(() => handshakes.stats().opened, { timeout: 60_000, intervals: [250] })
          .toBeGreaterThanOrEqual(3_000);
        const before = health.outcomes.length;
        // The first handshakes ended by nginx's timeout and opened again, and 40 visits meanwhile.
        await expect
          .poll(() => handshakes.stats().opened > 3_000 && health.outcomes.length >= before + 40, {
            timeout: 120_000,
            intervals: [250],
          })
          .toBe(true);
      } finally {
        await handshakes.stop();
      }
    } finally {
      await health.stop();
    }
    expect(health.outcomes.length).toBeGreaterThan(40);
    expect(health.outcomes.filter((outcome) => outcome !== 200)).toEqual([]);
  } finally {
    await cluster.stop();
  }
});
