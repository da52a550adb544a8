import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import { loggingEnv } from '@/lib/env';
import { errorFields } from './error-fields';
import { escapeRawControls, REDACT_PATHS, REDACTED } from './redaction';

/**
 * The server's log: pino JSON lines on stdout, one object per line (docs/operations.md, "Logs").
 * Every module logs through `logger()` with a level; LOG_LEVEL (lib/env.ts) sets the least severe
 * one kept, `silent` none. `npm run dev` pipes the lines through pino-pretty.
 *
 * One logger per process: Next bundles route handlers apart from the front door (dist/server.mjs),
 * each with its own copy of this module, and two writers on stdout could cut each other's lines.
 * So it lives on globalThis (as lib/process-singleton.ts does), and tests and the command-line
 * tools may put another in its place (`setLogDestination`).
 */
export type { Logger };

/** The process's loggers: one for every module, and the front door's for its request lines. */
type Loggers = { main: Logger; requests: Logger };

const KEY = Symbol.for('amora.logger');
const store = globalThis as unknown as Record<symbol, Loggers | undefined>;

/**
 * Made on first use: to stdout, written asynchronously (a request never waits for the log; what is
 * still buffered is written at exit). A reader that stops reading (a stalled collector) costs at
 * most 16 MB of buffered lines: past that, lines are dropped, not held.
 */
const loggers = () =>
  (store[KEY] ??= createLoggers(pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 })));

/** The process's logger. */
export const logger = (): Logger => loggers().main;

/**
 * The request lines' (lib/server/request-log.ts): the same stream, level and fields, without the
 * redaction, which costs about 25 µs a line (the request line itself about 10): a request line is
 * made only of what the front door builds (a route pattern, a checked id, numbers), never of what
 * a client sent.
 */
export const requestLogger = (): Logger => loggers().requests;

/**
 * Puts loggers writing to `destination` in place of the process's: the command-line tools log to
 * stderr (their stdout is their output, which `--json` makes JSON), tests to memory. Returns how to
 * put the previous ones back.
 */
export function setLogDestination(destination: DestinationStream, settings = loggingEnv()): () => void {
  const previous = store[KEY];
  store[KEY] = createLoggers(destination, settings);
  return () => void (store[KEY] = previous);
}

/** For the command-line tools: what the modules they run log goes to stderr, as it is written. */
export function logToStderr(): void {
  setLogDestination(pino.destination({ dest: 2, sync: true }));
}

function createLoggers(destination: DestinationStream, { level, port } = loggingEnv()): Loggers {
  const stream = escapingRawControls(destination);
  const options = {
    level,
    // Which process wrote the line: with `npm run start:cluster` several share a host, one per port.
    base: { instance: `${hostname()}:${port}`, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return {
    main: pino(
      { ...options, serializers: { err: errorFields }, redact: { paths: REDACT_PATHS, censor: REDACTED } },
      stream,
    ),
    requests: pino(options, stream),
  };
}

/** The destination, each line written with the controls JSON leaves raw escaped (lib/log/redaction.ts). */
function escapingRawControls(destination: DestinationStream & { flush?: (done: () => void) => void }) {
  return {
    write: (line: string) => destination.write(escapeRawControls(line)),
    // logger.flush(done) reaches the stream below (pino.destination's buffer).
    flush: (done: () => void) => (destination.flush ? destination.flush(done) : done()),
  };
}
