import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { logger } from '@/lib/log/logger';
import { enableMetrics } from './registry';

/**
 * The metrics' own HTTP server (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless told otherwise):
 * GET /metrics is Prometheus's text format, anything else a 404 or a 405. It is never the public
 * server: what it says (route timings, queue depths, the database's errors) is for the operator,
 * and a scrape must not compete with visitors behind the same limits.
 */
export function createMetricsServer(registry: Registry): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found: metrics are at /metrics.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed.\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger().error({ err: error }, 'Metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Metrics could not be collected.\n');
      },
    );
  });
}

/** Starts it; resolves once it listens, rejects with a sentence an operator can act on. */
export function listenForMetrics(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is already in use (set METRICS_PORT to another one, or 0 for no metrics)`
            : error.message,
        ),
      );
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** Turns this process's metrics on and serves them on `host`:`port` (lib/server/main.ts, before Next starts). */
export async function startMetricsServer({ host, port }: { host: string; port: number }): Promise<Server> {
  const server = createMetricsServer(enableMetrics().registry);
  await listenForMetrics(server, host, port);
  // It never keeps the process alive on its own: stopping the site stops it.
  server.unref();
  return server;
}
