import { Server as NetServer, type Socket } from 'node:net';
import type { Server, ServerResponse } from 'node:http';
import { beginStopping, onWorkEnded, runStoppers, workUnderWay } from '@/lib/health/shutdown-state';
import type { Logger } from '@/lib/log/logger';

/**
 * A graceful stop (docs/operations.md, "Deploys"). On SIGTERM or SIGINT the server:
 * 1. stops listening, so a new connection is refused (nginx passes the request to another
 *    instance: nothing was sent, so even a POST may go elsewhere), and /api/ready answers 503 at
 *    once (lib/health/shutdown-state.ts);
 * 2. serves every request in flight to its end, and any that still arrives on a connection already
 *    open, each answered with `Connection: close`; and waits for the work they started (a copy being
 *    stamped, a download's claim being settled: lib/health/shutdown-state.ts trackWork);
 * 3. stops the background loops (the mail worker: the message being sent finishes, the rest it
 *    claimed is given back), and waits for what they had under way;
 * 4. waits for the connections to close, closes the database and exits 0.
 * Idle keep-alive connections: without a proxy they are closed at once (a client retries a request
 * on a closed idle connection). Behind one (TRUSTED_PROXY_HOPS > 0) the proxy closes them: one we
 * closed could cross a request the proxy is just sending on it, which for a POST it would not
 * retry (nginx's upstream keepalive_timeout, deploy/nginx.conf.template, is well inside the bound).
 * Past `timeoutMs` (SHUTDOWN_TIMEOUT_SECONDS) whatever is left is cut, said in the log, and the
 * process exits 1; idle connections left then are closed and cut nothing.
 */
export type ShutdownOptions = {
  timeoutMs: number;
  /** Behind a trusted proxy: idle connections are left for it to close (above). */
  proxied: boolean;
  log: Logger;
  closeDb: () => Promise<void>;
  exit: (code: number) => void;
};

/**
 * Watches `server`'s connections and requests from now on (call it before the server listens) and
 * returns `shutDown`, which runs the stop above once and resolves with the exit code it exited with.
 */
export function gracefulShutdown(server: Server, options: ShutdownOptions): { shutDown(): Promise<number> } {
  const connections = new Set<Socket>();
  const responses = new Set<ServerResponse>();
  let stopping = false;
  let changed = () => undefined as void;
  const ended = () => changed();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      ended();
    });
  });
  // An upgraded connection (`npm run dev`'s hot reload) is no proxy's keep-alive: it is not waited for.
  server.on('upgrade', (_req, socket: Socket) => {
    connections.delete(socket);
    ended();
  });
  // First of the request listeners, so the header is set before any handler answers.
  server.prependListener('request', (_req, res: ServerResponse) => {
    responses.add(res);
    if (stopping) res.setHeader('Connection', 'close');
    // A response already has many 'close' listeners (Next's, the front door's): a cluster under
    // load saw this one as the 11th, which Node warns of as a leak. It is one more, counted.
    res.setMaxListeners(res.getMaxListeners() + 1);
    res.once('close', () => {
      responses.delete(res);
      // Its connection may be idle now.
      if (stopping && !options.proxied) server.closeIdleConnections();
      ended();
    });
  });

  let running: Promise<number> | undefined;
  const run = async (): Promise<number> => {
    const { log, timeoutMs } = options;
    const started = Date.now();
    stopping = true;
    beginStopping();
    log.info(
      { requests: responses.size, connections: connections.size, work: workUnderWay().length },
      `Shutting down: no new connections; what is in flight may finish for ${timeoutMs / 1000} s`,
    );
    // Stop listening only: http.Server's own close() would close idle connections too (above).
    NetServer.prototype.close.call(server);
    for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (!options.proxied) server.closeIdleConnections();

    const stopOffWork = onWorkEnded(ended);
    const busy = () => responses.size > 0 || workUnderWay().length > 0;
    /** Resolves true once `done()` holds, false when the bound is reached first. */
    const until = (done: () => boolean) =>
      new Promise<boolean>((resolve) => {
        const check = () => {
          if (!done()) return;
          clearTimeout(timer);
          changed = () => undefined;
          resolve(true);
        };
        const timer = setTimeout(
          () => {
            changed = () => undefined;
            resolve(false);
          },
          Math.max(0, started + timeoutMs - Date.now()),
        );
        changed = check;
        check();
      });

    let inTime = await until(() => !busy());
    if (inTime) {
      await runStoppers((name, error) => log.error({ err: error, name }, 'A background task did not stop cleanly'));
      // Behind a proxy, until it has closed its connections; without one, idle ones are closed already.
      inTime = await until(() => !busy() && (!options.proxied || connections.size === 0));
    }
    stopOffWork();
    const cut = { requests: responses.size, work: workUnderWay() };
    const cutSomething = cut.requests > 0 || cut.work.length > 0;
    if (cutSomething)
      log.error(
        cut,
        `Shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS (${timeoutMs / 1000} s): cutting what is still in flight`,
      );
    // Idle connections left at the bound (a proxy that keeps them longer than the bound) cut nothing.
    server.closeAllConnections();
    for (const socket of connections) socket.destroy();
    await options.closeDb();
    const code = cutSomething ? 1 : 0;
    log.info({ durationMs: Date.now() - started, exitCode: code }, inTime ? 'Stopped' : 'Stopped at the bound');
    options.exit(code);
    return code;
  };
  return { shutDown: () => (running ??= run()) };
}
