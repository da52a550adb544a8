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

const KEY = Symbol.for('amora.logger');
const store = globalThis as unknown as Record<symbol, Logger | undefined>;

/**
 * The process's logger, made on first use: to stdout, written asynchronously (a request never waits
 * for the log; what is still buffered is written at exit). A reader that stops reading (a stalled
 * collector) costs at most 16 MB of buffered lines: past that, lines are dropped, not held.
 */
export function logger(): Logger {
  return (store[KEY] ??= createLogger(pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 })));
}

/**
 * Puts a logger writing to `destination` in place of the process's: the command-line tools log to
 * stderr (their stdout is their output, which `--json` makes JSON), tests to memory. Returns how to
 * put the previous one back.
 */
export function setLogDestination(destination: DestinationStream, settings = loggingEnv()): () => void {
  const previous = store[KEY];
  store[KEY] = createLogger(destination, settings);
  return () => void (store[KEY] = previous);
}

/** For the command-line tools: what the modules they run log goes to stderr, as it is written. */
export function logToStderr(): void {
  setLogDestination(pino.destination({ dest: 2, sync: true }));
}

function createLogger(destination: DestinationStream, { level, port } = loggingEnv()): Logger {
  return pino(
    {
      level,
      // Which process wrote the line: with `npm run start:cluster` several share a host, one per port.
      base: { instance: `${hostname()}:${port}`, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
    },
    escapingRawControls(destination),
  );
}

/** The destination, each line written with the controls JSON leaves raw escaped (lib/log/redaction.ts). */
function escapingRawControls(destination: DestinationStream & { flush?: (done: () => void) => void }) {
  return {
    write: (line: string) => destination.write(escapeRawControls(line)),
    // logger.flush(done) reaches the stream below (pino.destination's buffer).
    flush: (done: () => void) => (destination.flush ? destination.flush(done) : done()),
  };
}
