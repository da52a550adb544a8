/**
 * Makes a closed log pipe harmless. When whatever reads the server's output goes away (a
 * terminal closed, a log collector restarted, a parent process gone), the next write fails with
 * EPIPE. Unhandled, that is an uncaught exception, which Next logs to the same dead pipe, which
 * fails again: the process spins a core for ever. A log stream that fails has nowhere to report
 * to, so its errors are dropped and the server keeps serving.
 */
export function dropWritesToClosedLogs(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]) {
  for (const stream of streams) stream.on('error', () => undefined);
}
