import { createServer, type Server } from 'node:http';
import type { Server as SocketServer } from 'node:net';
import { resolve } from 'node:path';
import next from 'next';
import { env, EnvError } from '@/lib/env';
import { escapeControls } from '@/lib/cli/terminal-text';
import { logger } from '@/lib/log/logger';
import { appSecret } from '@/lib/security/secret';
import { closeDb } from '@/lib/db/client';
import { shutdownTracing } from '@/lib/tracing/tracer';
import { startMetricsServer } from '@/lib/metrics/server';
import { trackWork } from '@/lib/health/shutdown-state';
import { attachFrontDoor } from './front-door';
import { gracefulShutdown } from './graceful-shutdown';
import { serverTimeouts } from './connection-limits';
import { dropWritesToClosedLogs } from './log-streams';
import { keepDataPrivate } from './private-files';
import { controlSocketPath, startControlSocket } from './control-socket';
import { shopControl } from './shop-control';
import { buildStylesheets, sheetHashes } from '@/lib/security/style-hashes';

/**
 * `npm start` (and `npm run dev` with --dev): Next's request handler behind our front door
 * (front-door.ts), which sees the connection itself, so the client's address, the CSP nonce and
 * the document headers are decided in one place for every request.
 */
async function main() {
  dropWritesToClosedLogs();
  const development = process.argv.includes('--dev');
  let config;
  try {
    config = env();
    // Before anything writes there (the link key just below, the database, the outbox).
    keepDataPrivate(config.dataDir);
    // Links are signed with it: an unusable secret stops the server here, not at the first download.
    appSecret();
  } catch (error) {
    // Said once, at level fatal, then the process exits (the line is flushed at exit).
    if (error instanceof EnvError)
      logger().fatal(
        { problems: error.problems },
        'Invalid environment configuration. Fix this and start the server again.',
      );
    else logger().fatal({ err: error }, 'The server cannot start. Fix this and start the server again.');
    process.exit(1);
  }
  const { host, port, trustedProxyHops, connections, siteUrl, sharing, shutdownTimeoutSeconds } = config;
  // Metrics (METRICS_PORT) on their own server, never the public one, and on before Next starts:
  // every bundle then finds the one registry (lib/metrics/registry.ts). Unset: no metrics at all.
  let metricsServer: Server | undefined;
  if (config.metrics) {
    const where = `${config.metrics.host}:${config.metrics.port}`;
    try {
      metricsServer = await startMetricsServer(config.metrics);
      logger().info(`Metrics on http://${where}/metrics`);
    } catch (error) {
      logger().fatal(`The metrics server cannot listen: ${escapeControls((error as Error).message)}.`);
      process.exit(1);
    }
  }
  // Idle keep-alive connections stay open longer than any client or proxy keeps them (nginx's
  // upstream keepalive_timeout, 10 s in deploy/nginx.conf.template, 60 s by default): with Node's
  // 5 s, a proxy reusing a socket the server is just closing gets a reset, and a POST on it fails.
  // A request itself must arrive in time (REQUEST_TIMEOUT_SECONDS; idle time between requests is
  // not counted): connection-limits.ts.
  const server = createServer({ keepAliveTimeout: 65_000, ...serverTimeouts(connections) });
  // Watches requests and connections from the first one, for a graceful stop (graceful-shutdown.ts).
  const { shutDown } = gracefulShutdown(server, {
    timeoutMs: shutdownTimeoutSeconds * 1000,
    proxied: trustedProxyHops > 0,
    log: logger(),
    // The spans still queued are sent too (at most 3 s; nothing when tracing is off).
    closeDb: () => Promise.all([closeDb(), shutdownTracing()]).then(() => undefined),
    exit: (code) => process.exit(code),
  });
  // Next is told it is "localhost" whatever address it listens on: it writes 127.0.0.1 and ::1 as
  // localhost in its own URLs, and takes any other name for another server (told 127.0.0.1, its
  // default-locale rewrite loops with a 307).
  const origin = { hostname: 'localhost', port };
  const app = next({ dev: development, dir: process.cwd(), ...origin, httpServer: server });
  await app.prepare();
  // Production documents carry the build's CSS inline (next.config.ts `inlineCss`); development links it.
  const buildSheets = development ? [] : buildStylesheets('.next');
  const styleHashes = sheetHashes(buildSheets);
  // The build's static files and their compressed copies (scripts/precompress.mjs); development serves its own.
  const staticDir = development ? undefined : resolve('.next', 'static');
  const nextHandle = app.getRequestHandler();
  attachFrontDoor(server, {
    // What Next does for a request (a route handler's work included, even once its client has
    // gone) is counted as in flight until it is over: a shutdown waits for it.
    handle: (req, res) => trackWork('request', nextHandle(req, res)),
    origin,
    trustedProxyHops,
    development,
    siteUrl,
    sharing,
    styleHashes,
    buildSheets,
    staticDir,
    connections,
  });
  // Without this, a port already taken would be an uncaught exception that Next logs and survives:
  // a process that looks alive but serves nothing. Only while starting: a later server error (an
  // accept failing under load) must not stop a server that is serving.
  const cannotListen = (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `port ${port} on ${host} is already in use (set PORT to another one)`
        : error.message;
    logger().fatal(`The server cannot listen: ${escapeControls(reason)}.`);
    process.exit(1);
  };
  server.once('error', cannotListen);
  server.listen(port, host, () => {
    server.off('error', cannotListen);
    logger().info(`Ready on http://${host}:${port}${development ? ' (development)' : ''}`);
  });
  // This process holds the embedded database: `npm run shop` asks it over a socket in DATA_DIR.
  // PostgreSQL is shared, and the command line opens it itself.
  let control: SocketServer | undefined;
  if (!config.databaseUrl)
    startControlSocket(controlSocketPath(config.dataDir), shopControl).then(
      (listening) => (control = listening),
      (error: Error) =>
        logger().error(
          `npm run shop cannot reach this server (${escapeControls(error.message)}): it works only while the server is stopped.`,
        ),
    );
  // Stop taking connections, finish what is in flight, stop the mail worker, close the database
  // (PGlite's files must be consistent for the next start), within SHUTDOWN_TIMEOUT_SECONDS. A
  // repeated signal changes nothing (Ctrl+C under npm arrives twice: from the terminal and from npm).
  const stop = (signal: NodeJS.Signals) => {
    logger().info({ signal }, 'Asked to stop');
    // Its port is freed at once, like the public one: a rolling restart starts the next process on both.
    metricsServer?.close();
    control?.close();
    void shutDown();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
}

void main();
