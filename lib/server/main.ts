import { createServer } from 'node:http';
import { resolve } from 'node:path';
import next from 'next';
import { env, EnvError } from '@/lib/env';
import { escapeControls } from '@/lib/cli/terminal-text';
import { logger } from '@/lib/log/logger';
import { appSecret } from '@/lib/security/secret';
import { closeDb } from '@/lib/db/client';
import { shutdownTracing } from '@/lib/tracing/tracer';
import { startMetricsServer } from '@/lib/metrics/server';
import { attachFrontDoor } from './front-door';
import { serverTimeouts } from './connection-limits';
import { dropWritesToClosedLogs } from './log-streams';
import { keepDataPrivate } from './private-files';
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
  const { host, port, trustedProxyHops, connections, siteUrl, sharing } = config;
  // Metrics (METRICS_PORT) on their own server, never the public one, and on before Next starts:
  // every bundle then finds the one registry (lib/metrics/registry.ts). Unset: no metrics at all.
  if (config.metrics) {
    const where = `${config.metrics.host}:${config.metrics.port}`;
    try {
      await startMetricsServer(config.metrics);
      logger().info(`Metrics on http://${where}/metrics`);
    } catch (error) {
      logger().fatal(`The metrics server cannot listen: ${escapeControls((error as Error).message)}.`);
      process.exit(1);
    }
  }
  // Idle keep-alive connections stay open longer than any client or proxy keeps them (nginx's
  // upstream keepalive holds them 60 s): with Node's 5 s, a proxy reusing a socket the server is
  // just closing gets a reset, and a POST on it fails. A request itself must arrive in time
  // (REQUEST_TIMEOUT_SECONDS; idle time between requests is not counted): connection-limits.ts.
  const server = createServer({ keepAliveTimeout: 65_000, ...serverTimeouts(connections) });
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
  attachFrontDoor(server, {
    handle: app.getRequestHandler(),
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
  // Stop taking requests, let the ones in flight finish (for a few seconds at most), then close
  // the database cleanly (PGlite's files must be consistent for the next start) and send the
  // spans still queued (nothing to do when tracing is off).
  const stop = () => {
    server.close(() => void Promise.all([closeDb(), shutdownTracing()]).finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 3000).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stop);
}

void main();
