import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

export type CapturedDocument = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : Buffer.from(chunk as Uint8Array);

/**
 * Holds an HTML document until it is complete, then sends it in one write with its length, and
 * hands a copy to the front door (which may keep it for other visitors). A document that leaves
 * whole is in the kernel's hands at once: if this process is killed a moment later the visitor
 * still gets all of it, and one the process never started sending is retried by the balancer.
 * Anything else (client navigations, files, JSON) streams through untouched, and resolves null.
 */
export function captureDocument(
  res: ServerResponse,
  isDocument: () => boolean,
  beforeSend: (body: Buffer) => void = () => undefined,
): Promise<CapturedDocument | null> {
  return capture(res, () => !res.headersSent && isDocument(), beforeSend);
}

/**
 * Holds the whole of a response that goes to no one (detached-render.ts: a shared document's
 * render), whatever it is and whatever was written before; resolves with it once it has ended.
 */
export function captureWhole(res: ServerResponse): Promise<CapturedDocument | null> {
  return capture(
    res,
    () => true,
    () => undefined,
  );
}

function capture(
  res: ServerResponse,
  isHeld: () => boolean,
  beforeSend: (body: Buffer) => void,
): Promise<CapturedDocument | null> {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  const flushHeaders = res.flushHeaders.bind(res);
  let held: Buffer[] | undefined;
  let decided = false;
  const holding = () => {
    if (!decided) {
      decided = true;
      if (isHeld()) held = [];
    }
    return held;
  };
  let settle: (captured: CapturedDocument | null) => void = () => undefined;
  const captured = new Promise<CapturedDocument | null>((resolve) => (settle = resolve));
  // Closed already (the visitor left before the render began): 'close' will not come again.
  if (res.destroyed) settle(null);
  else res.once('close', () => settle(null));

  // Next flushes the headers before its first chunk; a held document sends them with its body.
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
    if (!hold) {
      settle(null);
      return end(chunk, encoding, callback);
    }
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      hold.push(toBuffer(chunk, typeof encoding === 'function' ? undefined : encoding));
    const body = Buffer.concat(hold);
    // The last moment a header can still change: the whole body is known, nothing is sent yet.
    beforeSend(body);
    // A HEAD answer has no body to measure: its length stays unsaid.
    if (res.req?.method !== 'HEAD' && !res.headersSent) res.setHeader('Content-Length', body.byteLength);
    settle({ status: res.statusCode, headers: res.getHeaders(), body });
    return end(body, done);
  } as ServerResponse['end'];

  return captured;
}
