import type { ServerResponse } from 'node:http';

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);

/**
 * Holds an HTML document until it is complete, then sends it in one write (with its length,
 * unless Next's compression has already written the headers). A document that leaves whole
 * is in the kernel's hands at once: if this process is killed a moment later, the document
 * still arrives, and one the process never started sending is retried by the load balancer.
 * Everything else (client navigations, files, JSON) streams as before.
 */
export function holdWholeDocuments(res: ServerResponse, isDocument: () => boolean): void {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  let held: Buffer[] | undefined;
  let decided = false;
  const holding = () => {
    if (!decided) {
      decided = true;
      if (!res.headersSent && isDocument()) held = [];
    }
    return held;
  };

  // Next flushes the headers before its first chunk; a held document sends them at the end.
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    if (!holding()) flushHeaders();
  };

  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    const hold = holding();
    if (!hold) return write(chunk, encoding, callback);
    const done = typeof encoding === 'function' ? encoding : callback;
    hold.push(toBuffer(chunk, typeof encoding === 'function' ? undefined : encoding));
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  } as ServerResponse['write'];

  res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const hold = holding();
    if (!hold) return end(chunk, encoding, callback);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') hold.push(toBuffer(chunk, typeof encoding === 'function' ? undefined : encoding));
    const body = Buffer.concat(hold);
    if (!res.headersSent) {
      res.removeHeader('transfer-encoding');
      res.setHeader('Content-Length', body.byteLength);
    }
    return end(body, done);
  } as ServerResponse['end'];
}
